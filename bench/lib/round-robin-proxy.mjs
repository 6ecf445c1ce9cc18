// The load balancer of the two-instance load run: hands each request to the next instance in turn
// over kept-alive connections, adding the client's address to X-Forwarded-For as a balancer does.
// Run as a child process (node round-robin-proxy.mjs PORT URL...), so the load generator never
// shares its event loop; it reports 'ready' over IPC once listening.
import http from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const upstreams = targets.map((t) => new URL(t));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = http.createServer((req, res) => {
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
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  agent.destroy();
  process.exit(0);
});
