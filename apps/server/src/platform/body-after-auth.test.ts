import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup, type TestContext } from '../../test/helper.ts';

/**
 * No request body is read before its caller is known: a call without a session, or a signing call
 * with a link that cannot be used, is answered as soon as its headers arrive, before a byte of the
 * body is sent. So nothing that grows with the body (reading, parsing, decoding) is done for anyone
 * the server has not yet authorised.
 */

let t: TestContext;
let port = 0;
beforeAll(async () => {
  t = await setup();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** Sends only the head of a request that declares a large body; answers the status the server gave. */
function statusBeforeBody(method: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${method} ${url}: no answer before the body was sent`));
    }, 10_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (m) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', reject);
    socket.write(
      `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 300000\r\n\r\n`,
    );
  });
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('a request body is read only after authorisation', () => {
  it('every route that needs a session answers 401 to a caller without one, before the body', async () => {
    const routes = t.app.routeAccess.filter((r) => BODY_METHODS.has(r.method) && r.access !== 'public');
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of routes) {
      const status = await statusBeforeBody(route.method, concrete(route.url));
      if (status !== 401) wrong.push(`${route.method} ${route.url}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signing call with a link that cannot be used answers 404 before the signature is sent', async () => {
    const token = 'A'.repeat(43);
    for (const path of ['', '/consent', '/decline']) {
      expect(await statusBeforeBody('POST', `/api/sign/${token}${path}`), path || 'sign').toBe(404);
    }
    expect(await statusBeforeBody('POST', '/api/sign/not-a-token')).toBe(404);
  });
});
