import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { basic, demoPassword, usePostgres } from '../../../test/helper.ts';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../../config.ts';
import { migrateDatabase, openPglite } from '../../db/client.ts';
import { samples } from './test-multipart.ts';

/**
 * A real server process is killed (SIGKILL) in the middle of a large upload. Started again, its
 * orphan sweep removes the staged part and an object stored without a row, keeps the documents
 * that have rows, and no row was written for the interrupted upload.
 */

let dataDir: string;
let filesDir: string;
let child: ChildProcess | null = null;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function start(): Promise<string> {
  const port = await freePort();
  output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent/web-dist',
      MAX_UPLOAD_MB: '500',
      ORPHAN_GRACE_SECONDS: '0',
      DATABASE_URL: '',
      S3_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return base;
    await sleep(100);
  }
  throw new Error(`server did not start: ${output}`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
  child = null;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { authorization: basic('demo', demoPassword('demo')) },
  });
  return ((await res.json()) as { token: string }).token;
}

const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
const objects = () =>
  list(filesDir)
    .filter((d) => /^v\d+$/.test(d))
    .flatMap((d) => list(path.join(filesDir, d)).map((f) => `${d}/${f}`));
const staged = () => list(path.join(filesDir, '.staging'));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-crash-'));
  filesDir = path.join(dataDir, 'files');
  // Start from the suite's seeded database when there is one; otherwise the server seeds itself.
  const template = usePostgres ? undefined : inject('pgliteTemplate');
  if (template) {
    const db = await openPglite(path.join(dataDir, 'pgdata'), new Blob([fs.readFileSync(template)]));
    await migrateDatabase(db, MIGRATIONS_DIR);
    await db.close();
  }
}, 120_000);

afterAll(async () => {
  await kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-upload', () => {
  it('leaves nothing behind once the sweep has run', { timeout: 180_000 }, async () => {
    let base = await start();
    // The sweep at start runs once the server is ready; with no grace it would take the upload
    // below for a crash's leftover if it ran late, so the test begins once it has run.
    const sweptAtStart = () => output.includes('orphan sweep done');
    for (let i = 0; i < 600 && !sweptAtStart(); i++) await sleep(50);
    expect(sweptAtStart()).toBe(true);
    let token = await login(base);
    const listDocs = async () =>
      (
        (await (
          await fetch(`${base}/api/documents`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { rowKey: number }[]
      ).map((d) => d.rowKey);
    const stored = objects().length;

    // A document with a row, which the sweep must keep.
    const kept = samples.pdf(1000);
    const form = new FormData();
    // Type 3 is the W-9 of migration 0012.
    form.append('documentType', '3');
    form.append('file', new Blob([kept]), 'w9.pdf');
    const ok = await fetch(`${base}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const keptId = ((await ok.json()) as { document: { rowKey: number } }).document.rowKey;
    expect(objects()).toHaveLength(stored + 1);
    const listed = await listDocs();
    expect(listed).toContain(keptId);

    // A large upload that never finishes: the server dies while it is being staged.
    const boundary = `----vp${crypto.randomBytes(8).toString('hex')}`;
    const url = new URL(`${base}/api/documents`);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n3\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    req.write(samples.pdf());
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    while (
      staged().length === 0 ||
      fs.statSync(path.join(filesDir, '.staging', staged()[0]!)).size < 4 << 20
    ) {
      if (sent > 200) throw new Error(`nothing staged after ${sent} MB: ${output}`);
      if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      sent++;
      await sleep(5);
    }
    await kill('SIGKILL');
    req.destroy();
    expect(staged()).toHaveLength(1);

    // What a crash between storing an object and writing its row leaves: an object no row holds.
    const orphan = `v1/${crypto.randomUUID()}`;
    fs.writeFileSync(path.join(filesDir, orphan), samples.pdf());
    expect(objects()).toHaveLength(stored + 2);

    base = await start();
    for (let i = 0; i < 600 && !output.includes('orphan sweep done'); i++) await sleep(50);
    expect(output).toContain('orphan sweep done');
    expect(staged()).toEqual([]);
    expect(objects()).toHaveLength(stored + 1);
    expect(objects()).not.toContain(orphan);

    token = await login(base);
    // No row for the interrupted upload: the list is as it was before it.
    expect(await listDocs()).toEqual(listed);

    const download = await fetch(`${base}/api/document/${keptId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(kept)).toBe(true);
    await kill('SIGTERM');
  });
});
