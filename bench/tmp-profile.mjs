import { writeFileSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, buildOrExit, startServer, login, sessionState } from './lib/harness.mjs';
buildOrExit();
const server = await startServer();
const token = await login(server.baseUrl);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ storageState: sessionState(server.baseUrl, token), viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const path = process.env.P ?? '/websites?site=47';
await page.goto(server.baseUrl + '/404'); // warm nothing but origin
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable'); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.goto(server.baseUrl + path);
await page.waitForTimeout(8000);
const { profile } = await cdp.send('Profiler.stop');
mkdirSync('/tmp/work/shots', { recursive: true });
writeFileSync('/tmp/work/shots/prof.cpuprofile', JSON.stringify(profile));
// self time by function
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; let i = 0;
for (const s of profile.samples) { const n = byId.get(s); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i++] ?? 0)); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ${k}`).join('\n'));
await browser.close(); await server.stop?.(); server.kill?.(); process.exit(0);
