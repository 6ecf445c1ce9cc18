import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';

/**
 * No anonymous client can exhaust the server: a client sending too slowly is cut off, one address
 * cannot hold more than its share of connections, and /api/health answers others meanwhile.
 */

let t: TestContext;
let port = 0;

beforeAll(async () => {
  t = await setup({
    env: {
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_GRACE_SECONDS: '1',
      MIN_UPLOAD_KBPS: '1',
      MAX_CONNECTIONS_PER_ADDRESS: '5',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

interface Watched {
  socket: net.Socket;
  closed: Promise<number>;
  received: () => string;
}

/** A connection from `localAddress` that reports when the server closes it. */
function connect(localAddress = '127.0.0.1'): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    const opened = Date.now();
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.once('connect', () => resolve({ socket, closed, received: () => data }));
    socket.once('error', () => undefined);
    closed.then(
      () => reject(new Error('closed before connecting')),
      () => undefined,
    );
  });
}

/** GET /api/health from another address of this machine, as another client would. */
function healthFrom(localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    // Written, not ended: a client that half-closes first may be closed before it is answered.
    socket.once('connect', () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    socket.once('close', () => resolve(data.split('\r\n')[0] ?? ''));
    socket.once('error', reject);
  });
}

/** Sends one byte every `everyMs` until the socket closes. */
function trickle(socket: net.Socket, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) clearInterval(timer);
    else socket.write('a');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('slow clients are cut off', () => {
  it('closes a body that trickles in too slowly with 408, while /api/health answers others', async () => {
    const slow = await Promise.all([0, 1, 2, 3].map(() => connect()));
    for (const { socket } of slow) {
      socket.write(
        'POST /api/forgotpassword HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      trickle(socket, 300);
    }
    expect(await healthFrom('127.0.0.2')).toBe('HTTP/1.1 200 OK');
    const lasted = await Promise.all(slow.map((c) => c.closed));
    // 1 s of grace and 100 bytes at 1 KB/s: cut off after about 1.1 s, not left open.
    for (const ms of lasted) expect(ms).toBeLessThan(5000);
    for (const c of slow) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never end', async () => {
    const c = await connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    trickle(c.socket, 300);
    expect(await c.closed).toBeLessThan(5000);
  });

  it('lets a larger body that keeps to the minimum rate finish', async () => {
    const c = await connect();
    const body = JSON.stringify({ username: 'nobody-here' }).padEnd(3000, ' ');
    c.socket.write(
      `POST /api/forgotpassword HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // 3,000 bytes over 2 s: past the 1 s of grace, within 1 s + 3,000 bytes at 1 KB/s.
    for (let at = 0; at < body.length; at += 150) {
      c.socket.write(body.slice(at, at + 150));
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('one address cannot hold every connection', () => {
  it('refuses connections beyond the cap per address, and serves other addresses', async () => {
    const held = await Promise.all([0, 1, 2, 3, 4].map(() => connect('127.0.0.3')));
    const extra = await connect('127.0.0.3');
    // The sixth is closed at once, without an answer.
    expect(await extra.closed).toBeLessThan(2000);
    expect(extra.received()).toBe('');
    expect(await healthFrom('127.0.0.4')).toBe('HTTP/1.1 200 OK');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    // Places are given back as connections close.
    expect(await healthFrom('127.0.0.3')).toBe('HTTP/1.1 200 OK');
  });
});

describe('bodies are limited per call', () => {
  const post = (url: string, bytes: number) =>
    t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'A B', pad: 'x'.repeat(bytes) }),
    });

  it('reads a few KB on a small call; a signing call with no such link reads nothing at all', async () => {
    expect((await post('/api/forgotpassword', 20 * 1024)).statusCode).toBe(413);
    // The link is checked before the body: refused the same whatever the body's size (the signing
    // tests show a usable link's call reading a drawn signature's size, and no more).
    for (const size of [450 * 1024, 600 * 1024])
      expect((await post('/api/sign/no-such-link-token', size)).statusCode).toBe(404);
  });
});
