// The licensed websites of the compliance bench, served from a thread of their own (so that their
// TLS work does not share the bench's event loop with the latency it measures): one HTTPS server on
// 127.0.0.1 answering for every host name (by the Host header), with a home page, a sitemap.xml and
// five listing pages per site, made to pass the demo's rule set. Sites marked failing break one rule
// each: their data is stale, they show forbidden content, or their listings name no listing firm.
import { createServer } from 'node:https';
import { parentPort, workerData } from 'node:worker_threads';

const { cert, key, sites, disclaimer } = workerData;
const byHost = new Map(sites.map((s) => [s.domain.toLowerCase(), s]));
const LISTINGS = 5;
const served = { pages: 0, failingSites: 0, unknownHosts: 0 };
for (const s of sites) if (s.fail) served.failingSites++;

const escape = (text) =>
  String(text ?? '').replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** "2026-11-29 08:30 UTC", a form the freshness rule reads. */
const stamp = (ms) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function home(site) {
  const updated = site.fail === 'stale' ? Date.now() - 3 * 86_400_000 : Date.now() - 3_600_000;
  const forbidden =
    site.fail === 'forbidden' ? '<p>Ask us about buyer agent compensation on every listing.</p>' : '';
  return (
    `<!doctype html><html><head><title>${escape(site.agent || site.office)} | Homes for sale</title>` +
    `<style>body{font-family:sans-serif}</style><script>window.dataLayer=[];</script></head><body>` +
    `<header><nav><a href="/">Home</a> <a href="/listing/1">Listings</a> <a href="/contact">Contact</a></nav>` +
    `<h1>${escape(site.agent)}, REALTOR®</h1><p>${escape(site.office)}</p></header>` +
    `<main><h2>Featured homes</h2><ul>${Array.from(
      { length: LISTINGS },
      (_, i) => `<li><a href="/listing/${i + 1}">${3 + (i % 3)} beds, ${2 + (i % 2)} baths</a></li>`,
    ).join('')}</ul>${forbidden}</main>` +
    `<footer><img src="/img/mls-logo.png" alt="MLS"><p>${escape(disclaimer.replace('{date}', stamp(updated)))}</p>` +
    `<p>© ${new Date().getUTCFullYear()} ${escape(site.office)}</p></footer></body></html>`
  );
}

function sitemap(host) {
  const urls = [
    `https://${host}/`,
    ...Array.from({ length: LISTINGS }, (_, i) => `https://${host}/listing/${i + 1}`),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
    urls.map((u) => `<url><loc>${u}</loc></url>`).join('') +
    '</urlset>'
  );
}

function listing(site, n) {
  const credit =
    site.fail === 'attribution' ? '<p>Call us today.</p>' : '<p>Listing courtesy of Harbor Realty Group</p>';
  return (
    `<!doctype html><html><head><title>Listing ${n}</title></head><body><h1>${3 + (n % 3)} beds, 2 baths</h1>` +
    `<p>A bright home near the lake, with a garden and a garage.</p>${credit}</body></html>`
  );
}

const server = createServer({ cert, key }, (req, res) => {
  served.pages++;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const site = byHost.get(host);
  if (!site) {
    served.unknownHosts++;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such site');
    return;
  }
  const path = (req.url ?? '/').split('?')[0];
  const send = (type, body) => res.writeHead(200, { 'content-type': type }).end(body);
  if (path === '/') send('text/html; charset=utf-8', home(site));
  else if (path === '/sitemap.xml') send('application/xml', sitemap(host));
  else if (/^\/listing\/\d+$/.test(path))
    send('text/html; charset=utf-8', listing(site, Number(path.slice(9))));
  else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));

parentPort.on('message', (message) => {
  if (message === 'stats') parentPort.postMessage({ stats: { ...served } });
  if (message === 'close') {
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ closed: true }));
  }
});
