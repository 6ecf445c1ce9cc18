// The baseline for the throughput figure: a Fastify route with no plugins, no database and no
// auth, answering a fixed JSON body given on the command line.
import Fastify from 'fastify';

const [port, body] = process.argv.slice(2);
const payload = JSON.parse(body);
const app = Fastify({ logger: false });
app.get('/api/profile', async () => payload);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
