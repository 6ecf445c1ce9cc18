import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import forge from 'node-forge';

/**
 * Websites for the compliance tests: one HTTPS server on 127.0.0.1 answering for many host names
 * (by the Host header), with a certificate for all of them signed by a test certificate authority.
 * `env` points the app's outbound requests at it (OUTBOUND_RESOLVE) and trusts the authority
 * (OUTBOUND_CA). A host with no pages answers 404; `hostsWithOtherCertificate` get a certificate
 * for another name.
 */

export interface TestPage {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Milliseconds before the answer. */
  delayMs?: number;
}

export interface TestSites {
  env: Record<string, string>;
  port: number;
  /** Sets what `https://host/path` answers. */
  page(host: string, path: string, page: TestPage | string): void;
  clear(host: string): void;
  requests: { host: string; path: string }[];
  close(): Promise<void>;
}

/**
 * A test certificate authority (its PEM in `ca`) and `leaf(names, serial)`, a server certificate and
 * key it signs for those names.
 */
export function certificates(hosts: readonly string[]) {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const caName = [{ name: 'commonName', value: 'Compliance Test CA' }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const leaf = (names: readonly string[], serial: string) => {
    const keys = forge.pki.rsa.generateKeyPair(2048);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = serial;
    cert.validity.notBefore = ca.validity.notBefore;
    cert.validity.notAfter = ca.validity.notAfter;
    cert.setSubject([{ name: 'commonName', value: names[0]! }]);
    cert.setIssuer(caName);
    cert.setExtensions([{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }]);
    cert.sign(caKeys.privateKey, forge.md.sha256.create());
    return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
  };
  return { ca: forge.pki.certificateToPem(ca), leaf, hosts };
}

export async function startTestSites(
  hosts: readonly string[],
  { hostsWithOtherCertificate = [] }: { hostsWithOtherCertificate?: readonly string[] } = {},
): Promise<TestSites> {
  const certs = certificates(hosts);
  const good = certs.leaf(hosts, '02');
  const other = certs.leaf(['someone-else.test'], '03');
  const dir = mkdtempSync(join(tmpdir(), 'vp-sites-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certs.ca);
  const pages = new Map<string, TestPage>();
  const requests: TestSites['requests'] = [];
  const server = createTlsServer(
    {
      ...good,
      // The names that must fail the certificate check are given one for another name.
      SNICallback: (name, done) => {
        const pick = hostsWithOtherCertificate.includes(name) ? other : good;
        done(null, createSecureContext(pick));
      },
    },
    (req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      const path = req.url ?? '/';
      requests.push({ host, path });
      const page = pages.get(`${host}${path}`);
      if (!page) {
        res.writeHead(404).end('not found');
        return;
      }
      const answer = () => {
        res.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
        res.end(page.body ?? '');
      };
      if (page.delayMs) setTimeout(answer, page.delayMs);
      else answer();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    env: {
      OUTBOUND_RESOLVE: hosts.map((h) => `${h}=127.0.0.1:${port}`).join(','),
      OUTBOUND_CA: caFile,
    },
    page(host, path, page) {
      pages.set(`${host.toLowerCase()}${path}`, typeof page === 'string' ? { body: page } : page);
    },
    clear(host) {
      for (const key of [...pages.keys()]) if (key.startsWith(`${host.toLowerCase()}/`)) pages.delete(key);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
