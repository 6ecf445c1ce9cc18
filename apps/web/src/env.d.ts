/// <reference types="vite/client" />

/** The web app's package version, injected by Vite at build. */
declare const __APP_VERSION__: string;

/** A stamp of the colour code (the contract's colours and contrast), injected by Vite at build. */
declare const __COLOUR_CODE__: string;
