import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { certificates } from './test-sites.ts';

/**
 * The receiving end of webhooks for the tests and the bench: one HTTPS server on 127.0.0.1 for
 * many host names, with a certificate a test authority signs, keeping every request it gets. Each
 * host answers as told: a status, after a delay, a redirect, or not at all (the connection cut).
 */

export interface Received {
  host: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type Behaviour =
  { status: number; delayMs?: number; body?: string; headers?: Record<string, string> } | { cut: true };

export interface WebhookReceiver {
  /** OUTBOUND_RESOLVE and OUTBOUND_CA for the app. */
  env: Record<string, string>;
  port: number;
  received: Received[];
  /** How `host` answers from now on (200 until told). */
  answer(host: string, behaviour: Behaviour): void;
  /** Called with each request as it arrives. */
  onReceive(listener: (r: Received) => void): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(hosts: readonly string[]): Promise<WebhookReceiver> {
  const certs = certificates(hosts);
  const leaf = certs.leaf(hosts, '02');
  const dir = mkdtempSync(join(tmpdir(), 'vp-hooks-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certs.ca);
  const behaviours = new Map<string, Behaviour>();
  const received: Received[] = [];
  const listeners: ((r: Received) => void)[] = [];
  const server = createServer({ ...leaf, keepAliveTimeout: 30_000 }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const behaviour = behaviours.get(host) ?? { status: 200 };
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      if ('cut' in behaviour) {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const r: Received = {
        host,
        path: req.url ?? '/',
        headers,
        body: Buffer.concat(parts).toString('utf8'),
        at: Date.now(),
      };
      received.push(r);
      for (const l of listeners) l(r);
      const reply = () => {
        res.writeHead(behaviour.status, { 'content-type': 'text/plain', ...behaviour.headers });
        res.end(behaviour.body ?? 'ok');
      };
      if (behaviour.delayMs) setTimeout(reply, behaviour.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    env: { OUTBOUND_RESOLVE: hosts.map((h) => `${h}=127.0.0.1:${port}`).join(','), OUTBOUND_CA: caFile },
    received,
    answer: (host, behaviour) => behaviours.set(host.toLowerCase(), behaviour),
    onReceive: (listener) => listeners.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
