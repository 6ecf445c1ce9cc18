// A worker thread whose module is TypeScript source, loaded through tsx: how a server run from
// source (tests, `npm run dev`) starts the workers that the build bundles as JavaScript.
import { workerData } from 'piscina';
import { tsImport } from 'tsx/esm/api';

const loaded = tsImport(workerData.file, import.meta.url);

/** Hands each task to the module's own default export. */
export default async function run(task) {
  return (await loaded).default(task);
}
