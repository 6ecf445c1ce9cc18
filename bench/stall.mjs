// `npm run bench:stall`: nothing anonymous stalls the server, and what grows with the input stays
// within its budget. Each shape of work that grows with its input is sent for a few seconds, three
// at a time, anonymously and as a signed-in user where it takes one, while another client asks
// /api/health every 50 ms: the health check's p50/p99 per shape, and what the shape was answered.
//   sign      POST /api/sign/<token> with a drawn signature declared 4000 x 2000 at 16 bits (62 KB),
//             with a link that does not exist (anonymous) and, as a user, to a list page's worth
//   verify    POST /api/verify with a 5 MB body (anonymous; the portal's own seal check)
//   login     POST /api/login with a wrong 4,000-character password (anonymous)
//   import    POST /api/portal/websites/import/check with 5,000 rows, anonymous and as a user
//   avatar    PUT /api/profile/avatar with a 2 MB picture, anonymous and as a user
//   xlsx      POST /api/portal/websites/export.xlsx, anonymous and as a user
// Target: /api/health p99 at most 50 ms under every shape.
/* global fetch, performance */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import zlib from 'node:zlib';
import { buildOrExit, login, report, startServer } from './lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 4);
/** BENCH_SHAPES=import,verify runs only the shapes whose names contain one of these words. */
const ONLY = (process.env.BENCH_SHAPES ?? '').split(',').filter(Boolean);
const LANES = 3;
const HEALTH_GOAL_MS = 50;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** A PNG whose header declares 4000 x 2000 pixels at 16 bits (64 MB raw), from a small body. */
function bombPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const [w, h] = [4000, 2000];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 16;
  ihdr[9] = 6;
  const raw = Buffer.alloc((w * 8 + 1) * h);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const healthAgent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' });
function health(baseUrl) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/api/health`, { agent: healthAgent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : Infinity));
    });
    req.once('error', () => resolve(Infinity));
  });
}

async function underLoad(baseUrl, send) {
  const answers = new Map();
  const stopAt = performance.now() + SECONDS * 1000;
  const lane = async () => {
    while (performance.now() < stopAt) {
      const status = await send().catch((e) => `error (${e.cause?.code ?? e.message})`);
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  };
  const lanes = Promise.all(Array.from({ length: LANES }, lane));
  const samples = [];
  let done = false;
  void lanes.finally(() => (done = true));
  while (!done) {
    samples.push(await health(baseUrl));
    await new Promise((r) => setTimeout(r, 50));
  }
  await lanes;
  return { answers, samples };
}

const post = (baseUrl, path, { token, body, type = 'application/json', method = 'POST', extra = {} }) =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body,
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

buildOrExit();
const server = await startServer({ env: { SEED_DEMO: '1' } });
try {
  const { baseUrl } = server;
  const token = await login(baseUrl);
  const signature = JSON.stringify({ fullName: 'Anyone', signature: { kind: 'drawn', image: bombPng() } });
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(5 * 1024 * 1024 - 20, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
  const boundary = 'stall-bench';
  const verifyBody = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const rows = JSON.stringify({
    rows: Array.from({ length: 5_000 }, (_, i) => ({
      row: i + 2,
      domainName: `stall${i}-${Date.now()}.example`,
      memberNumber: 'NOBODY',
      product: 'IDX Website',
    })),
  });
  const picture = Buffer.alloc(2 * 1024 * 1024, 0x41);
  const token43 = () =>
    Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))).toString('base64url');
  const shapes = [
    ['sign, anonymous (no such link)', () => post(baseUrl, `/api/sign/${token43()}`, { body: signature })],
    [
      'verify, anonymous (5 MB)',
      () =>
        post(baseUrl, '/api/verify', { body: verifyBody, type: `multipart/form-data; boundary=${boundary}` }),
    ],
    [
      'login, anonymous (4,000-character password)',
      () =>
        post(baseUrl, '/api/login', {
          extra: { authorization: `Basic ${Buffer.from(`demo:${'x'.repeat(4000)}`).toString('base64')}` },
        }),
    ],
    [
      'import check, anonymous (5,000 rows)',
      () => post(baseUrl, '/api/portal/websites/import/check', { body: rows }),
    ],
    [
      'import check, as a user (5,000 rows)',
      () => post(baseUrl, '/api/portal/websites/import/check', { token, body: rows }),
    ],
    [
      'avatar, anonymous (2 MB)',
      () => post(baseUrl, '/api/profile/avatar', { method: 'PUT', type: 'image/png', body: picture }),
    ],
    [
      'avatar, as a user (2 MB, not a picture)',
      () => post(baseUrl, '/api/profile/avatar', { token, method: 'PUT', type: 'image/png', body: picture }),
    ],
    ['xlsx export, anonymous', () => post(baseUrl, '/api/portal/websites/export.xlsx', { body: '{}' })],
    [
      'xlsx export, as a user',
      () => post(baseUrl, '/api/portal/websites/export.xlsx', { token, body: '{}' }),
    ],
  ];
  const idle = [];
  for (let i = 0; i < 40; i++) idle.push(await health(baseUrl));
  const lines = [
    `/api/health idle: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`,
  ];
  const figures = { idle: { p50: percentile(idle, 50), p99: percentile(idle, 99) }, shapes: {} };
  let pass = true;
  for (const [name, send] of shapes.filter(([n]) => ONLY.length === 0 || ONLY.some((w) => n.includes(w)))) {
    const { answers, samples } = await underLoad(baseUrl, send);
    const p99 = percentile(samples, 99);
    pass &&= p99 <= HEALTH_GOAL_MS;
    const tally = [...answers].map(([k, v]) => `${v} x ${k}`).join(', ');
    lines.push(
      `${name.padEnd(44)} health p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (n=${samples.length}) ${p99 <= HEALTH_GOAL_MS ? 'PASS' : 'FAIL'}; answered ${tally}`,
    );
    figures.shapes[name] = {
      healthP50: percentile(samples, 50),
      healthP99: p99,
      answers: Object.fromEntries(answers),
    };
  }
  lines.push(
    `target: /api/health p99 at most ${HEALTH_GOAL_MS} ms under every shape: ${pass ? 'PASS' : 'FAIL'}`,
  );
  report('stall', lines, { ...figures, pass });
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
