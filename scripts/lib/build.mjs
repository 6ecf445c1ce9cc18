// Builds the web app and the server only when their sources changed since the last build, so that
// `npm start` on a built tree goes straight to serving. A content hash of the inputs is kept in
// each dist folder; hashing beats mtimes here because a fresh clone or checkout touches every file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

export const targets = {
  web: {
    dist: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  server: {
    dist: 'apps/server/dist',
    output: 'apps/server/dist/main.js',
    inputs: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/build.mjs',
      'apps/server/package.json',
      ...shared,
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/server']],
  },
};

const STAMP = '.build-stamp';
// Tests never end up in a bundle; editing one should not force a rebuild.
const ignored = /(\.test\.[cm]?[jt]sx?$)|(^|\/)(__tests__|node_modules)(\/|$)/;

function collect(path, out) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) collect(join(path, name), out);
  } else if (stat.isFile() && !ignored.test(relative(root, path))) {
    out.push(path);
  }
}

/** Hash of every input file's path and content. */
export function sourceHash(name) {
  const hash = createHash('sha256');
  const files = [];
  for (const input of targets[name].inputs) collect(join(root, input), files);
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isFresh(name) {
  const target = targets[name];
  const stampFile = join(root, target.dist, STAMP);
  if (!existsSync(join(root, target.output)) || !existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8').trim() === sourceHash(name);
}

/**
 * Builds each named target that is missing or stale. Returns the names that failed to build
 * (an empty list when everything is ready).
 */
export function ensureBuilt(names, { force = false, log = console.log } = {}) {
  const failed = [];
  for (const name of names) {
    const target = targets[name];
    if (!force && isFresh(name)) continue;
    const hash = sourceHash(name);
    log(`[build] ${name}: building (${target.dist} missing or out of date)`);
    const started = Date.now();
    const [cmd, args] = target.command;
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    if (result.status !== 0 || !existsSync(join(root, target.output))) {
      log(`[build] ${name}: FAILED`);
      failed.push(name);
      continue;
    }
    writeFileSync(join(root, target.dist, STAMP), `${hash}\n`);
    log(`[build] ${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return failed;
}
