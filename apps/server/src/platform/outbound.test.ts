import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../test/test-sites.ts';
import {
  addressAllowed,
  createOutbound,
  OUTBOUND_DEFAULTS,
  OutboundError,
  parseResolve,
  type OutboundConfig,
} from './outbound.ts';

/** The outbound rules, against servers of this test on 127.0.0.1 reached through OUTBOUND_RESOLVE. */

describe('which addresses may be reached', () => {
  it.each([
    ['93.184.216.34', false, true],
    ['2606:4700:4700::1111', false, true],
    ['::ffff:8.8.8.8', false, true],
    ['127.0.0.1', false, false],
    ['127.0.0.1', true, true],
    ['::1', false, false],
    ['::ffff:127.0.0.1', false, false],
    ['10.1.2.3', false, false],
    ['10.1.2.3', true, true],
    ['172.16.0.1', false, false],
    ['192.168.1.1', false, false],
    ['100.64.0.1', false, false],
    ['fd12:3456::1', false, false],
    ['fd12:3456::1', true, true],
    // Cloud metadata and the rest of link-local never pass, private allowed or not.
    ['169.254.169.254', false, false],
    ['169.254.169.254', true, false],
    ['fd00:ec2::254', true, false],
    ['fe80::1', true, false],
    ['0.0.0.0', true, false],
    ['224.0.0.1', true, false],
    ['255.255.255.255', true, false],
    ['ff02::1', true, false],
    ['not an address', true, false],
  ])('%s (private allowed: %s) → %s', (address, allowPrivate, allowed) => {
    expect(addressAllowed(address, allowPrivate)).toBe(allowed);
  });

  it('reads OUTBOUND_RESOLVE as host[:port]=address[:port], and refuses anything else', () => {
    expect([...parseResolve('Shop.test:443=127.0.0.1:4100, cdn.test=[::1]:81,plain.test=10.0.0.7')]).toEqual([
      ['shop.test:443', { address: '127.0.0.1', port: 4100 }],
      ['cdn.test', { address: '::1', port: 81 }],
      ['plain.test', { address: '10.0.0.7', port: null }],
    ]);
    expect(parseResolve(undefined).size).toBe(0);
    expect(parseResolve('*=127.0.0.1:1').get('*')).toEqual({ address: '127.0.0.1', port: 1 });
    expect(() => parseResolve('shop.test=localhost')).toThrow(/OUTBOUND_RESOLVE/);
    expect(() => parseResolve('shop.test')).toThrow(/OUTBOUND_RESOLVE/);
  });
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let plain: Server;
let plainPort = 0;
const seen: { path: string; agent: string | undefined }[] = [];
let inFlight = 0;
let mostInFlight = 0;

const routes: Record<string, Handler> = {
  '/ok': (_req, res) => res.end('<p>hello</p>'),
  '/to-metadata': (_req, res) => {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  },
  '/to-ok': (_req, res) => {
    res.writeHead(307, { location: '/ok' });
    res.end();
  },
  '/loop': (_req, res) => {
    res.writeHead(302, { location: '/loop' });
    res.end();
  },
  '/large': (_req, res) => {
    res.writeHead(200, { 'content-length': String(3 * 1024 * 1024) });
    res.end(Buffer.alloc(3 * 1024 * 1024, 97));
  },
  '/large-chunked': (_req, res) => {
    // No length said: the cap is found while reading.
    const piece = Buffer.alloc(256 * 1024, 98);
    let sent = 0;
    const more = () => {
      if (sent++ >= 12) return res.end();
      res.write(piece, () => setImmediate(more));
    };
    more();
  },
  '/slow': (_req, res) => {
    setTimeout(() => res.end('late'), 1500);
  },
  '/held': (_req, res) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.end('held');
    }, 150);
  },
};

let secure: Server;
let securePort = 0;
let caPem = '';

beforeAll(async () => {
  plain = createServer((req, res) => {
    seen.push({ path: req.url ?? '', agent: req.headers['user-agent'] });
    (routes[req.url ?? ''] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainPort = (plain.address() as AddressInfo).port;
  const authority = certificates(['secure.test']);
  caPem = authority.ca;
  secure = createTlsServer(authority.leaf(['secure.test'], '02'), (_req, res) => res.end('secure'));
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  securePort = (secure.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  plain?.closeAllConnections();
  secure?.closeAllConnections();
  await Promise.all([plain, secure].map((s) => new Promise((resolve) => s?.close(resolve))));
});

function outbound(overrides: Partial<OutboundConfig> = {}) {
  return createOutbound({
    userAgent: 'VendorPortal/test (+http://portal.test)',
    allowPrivate: true,
    resolve: parseResolve(
      `site.test=127.0.0.1:${plainPort},other.test=127.0.0.1:${plainPort},inside.test=10.0.0.5:${plainPort},secure.test=127.0.0.1:${securePort}`,
    ),
    ca: null,
    ...OUTBOUND_DEFAULTS,
    timeoutMs: 5_000,
    ...overrides,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return (err as OutboundError).reason;
}

describe('a request out', () => {
  it('reads a page, naming the portal, and records what it read', async () => {
    const out = outbound();
    const res = await out.send('http://site.test/ok');
    expect(res).toMatchObject({ status: 200, url: 'http://site.test/ok', remoteAddress: '127.0.0.1' });
    expect(res.body.toString()).toBe('<p>hello</p>');
    expect(res.ms).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toEqual({ path: '/ok', agent: 'VendorPortal/test (+http://portal.test)' });
    await out.close();
  });

  it('sends every name not listed to the `*` entry', async () => {
    const out = outbound({ resolve: parseResolve(`site.test=127.0.0.1:1,*=127.0.0.1:${plainPort}`) });
    expect((await out.send('http://anything.test/ok')).body.toString()).toBe('<p>hello</p>');
    expect(await refusal(out.send('http://site.test/ok'))).toBe('unreachable');
    await out.close();
  });

  it('refuses loopback and private addresses unless allowed, and a name that resolves to one', async () => {
    const out = outbound({ allowPrivate: false });
    expect(await refusal(out.send(`http://127.0.0.1:${plainPort}/ok`))).toBe('address');
    expect(await refusal(out.send('http://site.test/ok'))).toBe('address');
    expect(await refusal(out.send('http://inside.test/ok'))).toBe('address');
    expect(await refusal(out.send('http://localhost/ok'))).toBe('address');
    await out.close();
  });

  it('checks a redirect again: cloud metadata is never reached, even with private addresses allowed', async () => {
    const out = outbound();
    const follow = () => true;
    expect(await refusal(out.send('http://169.254.169.254/latest/meta-data/'))).toBe('address');
    expect(await refusal(out.send('http://site.test/to-metadata', { followRedirect: follow }))).toBe(
      'address',
    );
    await out.close();
  });

  it('follows only the redirects the caller allows, and at most five', async () => {
    const out = outbound();
    const sameHost = (next: URL) => next.hostname === 'site.test';
    const res = await out.send('http://site.test/to-ok', { followRedirect: sameHost });
    expect(res.status).toBe(200);
    expect(res.redirects).toEqual(['http://site.test/to-ok', 'http://site.test/ok']);
    expect(await refusal(out.send('http://site.test/to-ok'))).toBe('redirect');
    expect(await refusal(out.send('http://site.test/loop', { followRedirect: sameHost }))).toBe('redirect');
    await out.close();
  });

  it('reads a body only up to the cap, said or not', async () => {
    const out = outbound();
    expect(await refusal(out.send('http://site.test/large'))).toBe('too-large');
    expect(await refusal(out.send('http://site.test/large-chunked'))).toBe('too-large');
    const big = await out.send('http://site.test/large-chunked', { maxBytes: 8 * 1024 * 1024 });
    expect(big.body.length).toBe(12 * 256 * 1024);
    await out.close();
  });

  it('gives up on a server that answers too slowly', async () => {
    const out = outbound({ timeoutMs: 300 });
    expect(await refusal(out.send('http://site.test/slow'))).toBe('timeout');
    await out.close();
  });

  it('reads only http and https, without credentials', async () => {
    const out = outbound();
    expect(await refusal(out.send('file:///etc/passwd'))).toBe('scheme');
    expect(await refusal(out.send('ftp://site.test/'))).toBe('scheme');
    expect(await refusal(out.send('http://user:secret@site.test/ok'))).toBe('scheme');
    await out.close();
  });

  it('asks one host one thing at a time, and several hosts at once', async () => {
    const out = outbound();
    mostInFlight = 0;
    await Promise.all([1, 2, 3].map(() => out.send('http://site.test/held')));
    expect(mostInFlight).toBe(1);
    mostInFlight = 0;
    await Promise.all(['site.test', 'other.test'].map((host) => out.send(`http://${host}/held`)));
    expect(mostInFlight).toBe(2);
    await out.close();
  });

  it('checks certificates: a server signed by an authority it does not trust is not read', async () => {
    const trusting = outbound({ ca: caPem });
    const res = await trusting.send('https://secure.test/');
    expect(res.body.toString()).toBe('secure');
    const untrusting = outbound();
    expect(await refusal(untrusting.send('https://secure.test/'))).toBe('unreachable');
    await Promise.all([trusting.close(), untrusting.close()]);
  });
});
