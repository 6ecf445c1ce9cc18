// `npm start`: build what is missing or out of date, then run the server in this process so that
// signals reach it directly (Ctrl+C, a process manager's SIGTERM) without any forwarding layer.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/build.mjs';

const failed = ensureBuilt(['web', 'server']);
if (failed.length > 0) {
  console.error(`Build failed: ${failed.join(', ')}`);
  process.exit(1);
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
