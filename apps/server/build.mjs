import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Bundles the server into dist/main.js. Our own code, the contract and drizzle-orm are bundled
 * (drizzle is many small modules, slow to resolve at start), and zod with the route-schema provider
 * so both use one zod and its one schema registry; every other dependency stays external
 * because it carries WebAssembly, native code or files it loads at run time.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set(['drizzle-orm', '@vp/contract', 'zod', 'fastify-type-provider-zod']);
const external = Object.keys(pkg.dependencies ?? {})
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

// The server, and the worker threads written in TypeScript, which it finds beside it by name.
await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'pdf-worker': new URL('./src/modules/signatures/pdf-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  external,
  // Some bundled CommonJS code calls require(); ESM output needs it defined.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The worker threads written as plain JavaScript, loaded beside the bundle by their URLs.
for (const file of ['modules/websites/xlsx-worker.mjs', 'modules/signatures/picture-worker.mjs']) {
  copyFileSync(
    new URL(`./src/${file}`, import.meta.url),
    new URL(`./dist/${file.split('/').pop()}`, import.meta.url),
  );
}
