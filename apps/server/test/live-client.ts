import { LIVE_PATH, LIVE_SUBSCRIBED, type LiveEvent } from '@vp/contract';
import WebSocket from 'ws';
import { PUBLIC_URL } from './helper.ts';

/** A live-channel client for tests: records what it receives and how it was closed. */
export interface LiveClient {
  socket: WebSocket;
  events: LiveEvent[];
  texts: string[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the next event (or rejects after `ms`). */
  nextEvent(ms?: number): Promise<LiveEvent>;
  close(): void;
}

export async function openLive(baseUrl: string, origin: string | null = PUBLIC_URL): Promise<LiveClient> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + LIVE_PATH, {
    ...(origin ? { origin } : {}),
  });
  const events: LiveEvent[] = [];
  const texts: string[] = [];
  const waiters: ((e: LiveEvent) => void)[] = [];
  /** Events that arrived before anyone asked for them. */
  const unclaimed: LiveEvent[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    texts.push(text);
    if (text === LIVE_SUBSCRIBED) return;
    const event = JSON.parse(text) as LiveEvent;
    events.push(event);
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else unclaimed.push(event);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
  });
  socket.on('error', () => undefined);
  return {
    socket,
    events,
    texts,
    closed,
    nextEvent(ms = 2_000) {
      const early = unclaimed.shift();
      if (early) return Promise.resolve(early);
      return new Promise((resolve, reject) => {
        const waiter = (e: LiveEvent) => {
          clearTimeout(timer);
          resolve(e);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('no event arrived'));
        }, ms);
        waiters.push(waiter);
      });
    },
    close: () => socket.close(),
  };
}

/** Opens a socket and authenticates it; resolves once the server answered 'Subscribed Successfully'. */
export async function subscribeLive(baseUrl: string, token: string, vendorId: number): Promise<LiveClient> {
  const client = await openLive(baseUrl);
  const subscribed = new Promise<void>((resolve, reject) => {
    client.socket.once('message', (data) =>
      String(data) === LIVE_SUBSCRIBED ? resolve() : reject(new Error(`unexpected ${String(data)}`)),
    );
    client.socket.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
  client.socket.send(JSON.stringify({ action: 'AUTHENTICATE', token, vendorId }));
  await subscribed;
  return client;
}

/** Waits `ms` and answers whether nothing arrived meanwhile. */
export async function quietFor(client: LiveClient, ms = 300): Promise<boolean> {
  const before = client.events.length;
  await new Promise((r) => setTimeout(r, ms));
  return client.events.length === before;
}
