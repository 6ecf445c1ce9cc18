import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const outDir = resolve(import.meta.dirname, 'dist');

/** Browsers keep the computed colour shades (lib/settings.ts) until the code that computes them changes. */
const colourCode = createHash('sha256')
  .update(readFileSync(resolve(import.meta.dirname, '../../packages/contract/src/colors.ts')))
  .update(readFileSync(resolve(import.meta.dirname, '../../packages/contract/src/contrast.ts')))
  .digest('hex')
  .slice(0, 12);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The server serves dist pre-compressed, so every text asset gets .gz and .br siblings at build. */
function precompress(): Plugin {
  // .mjs: the pdf.js worker of the signing page, emitted as it is named in its package.
  const compressible = /\.(m?js|css|html|svg)$/;
  async function walk(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
    );
    return nested.flat();
  }
  return {
    name: 'vp-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await walk(outDir)).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __COLOUR_CODE__: JSON.stringify(colourCode) },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true, changeOrigin: true } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    // No <link rel=modulepreload> per dependency of each dynamic import: the signed-in shell has
    // about a hundred chunks, and adding their links cost a phone a blocking task of 100 ms or more
    // right after the first paint. The browser fetches a chunk's imports as it reads it; CSS a chunk
    // needs is still loaded with it.
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract is pure declarations; without saying so, every module of its barrel (and with
        // them all of zod) would land in the login bundle.
        moduleSideEffects: (id) => !id.includes('/packages/contract/src/'),
        // Schema builders only build values: unused schemas can be dropped like unused constants.
        manualPureFunctions: ['z'],
        // Reading a property has no side effects in this code base, so a schema built from texts
        // (`CommentMessages.empty`) and never used is dropped like any unused value.
        propertyReadSideEffects: false,
      },
    },
  },
});
