// The load balancer of the two-instance load run: hands each request to the next instance in turn
// over kept-alive connections, adding the client's address to X-Forwarded-For as a balancer does.
// Like a production balancer, it sends an idempotent request once more when the kept-alive
// connection it was written to turned out to be closed by the instance before any answer (the
// keep-alive race every pooled client knows, made rare by dropping idle connections first); each
// such retry is said on stderr. Any other failure is answered 502, with its cause on stderr.
// Run as a child process (node round-robin-proxy.mjs PORT URL...), so the load generator never
// shares its event loop; it reports 'ready' over IPC once listening.
import { Buffer } from 'node:buffer';
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const upstreams = targets.map((t) => new URL(t));
/**
 * An idle connection to an instance is dropped after 4 s, before the instance's own keep-alive
 * timeout (5 s by default) closes it, as a production balancer's idle timeout is set below its
 * backends': then the balancer never writes a request to a connection the instance is closing.
 */
const IDLE_MS = 4_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_MS });
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
let next = 0;

function forward(req, res, body, attempt) {
  const target = upstreams[next];
  next = (next + 1) % upstreams.length;
  const forwarded = req.headers['x-forwarded-for'];
  const address = req.socket.remoteAddress ?? '';
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      agent,
      headers: { ...req.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${address}` : address },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    const code = error.code ?? error.message;
    const raced = upstream.reusedSocket && code === 'ECONNRESET' && !res.headersSent;
    if (raced && attempt === 0 && IDEMPOTENT.has(req.method) && body !== null) {
      process.stderr.write(
        `proxy: ${req.method} ${req.url} to ${target.host}: ${code} on a kept-alive connection, sent again\n`,
      );
      forward(req, res, body, 1);
      return;
    }
    process.stderr.write(
      `proxy: ${req.method} ${req.url} to ${target.host}: ${code}${upstream.reusedSocket ? ' (kept-alive connection)' : ''}\n`,
    );
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  if (body === null) req.pipe(upstream);
  else upstream.end(body);
}

const server = http.createServer((req, res) => {
  // Idempotent calls carry little or no body here: kept, so a retry can send it again. Others
  // (uploads) stream through once.
  if (!IDEMPOTENT.has(req.method)) {
    forward(req, res, null, 0);
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  agent.destroy();
  process.exit(0);
});
