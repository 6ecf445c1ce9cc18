/// <reference types="vite/client" />

/** The web app's package version, injected by Vite at build. */
declare const __APP_VERSION__: string;
