// `npm run build`: rebuild the web app and the server (pass --if-stale to skip fresh ones).
import { ensureBuilt } from './lib/build.mjs';

const failed = ensureBuilt(['web', 'server'], { force: !process.argv.includes('--if-stale') });
if (failed.length > 0) {
  console.error(`Build failed: ${failed.join(', ')}`);
  process.exit(1);
}
