// JavaScript shipped to the browser: loads /login and /dashboard in headless Chromium against the
// built server, records every script response, and sums their gzip sizes (level 9, as the build
// pre-compresses them). /dashboard is loaded in a fresh browser context that only carries
// the logged-in session, so nothing comes from the HTTP cache.
// The dashboard's first paint is held to its own budget: the scripts whose response had ended
// when the page's largest contentful paint happened (the LCP entry's time, from a
// PerformanceObserver in the page, against each script's resource timing responseEnd), gzip-summed
// as above. Those are the scripts the first content could have depended on; the app's code is
// fetched after it.
// /sign/{token} (a broker's signing link, often opened on a phone) is loaded in a fresh context
// too, its link's calls answered here with a valid link and a small PDF: the page itself is held to
// a budget, and pdf.js (its chunk and worker, loaded after the page is usable) is reported beside it.
/* global PerformanceObserver, performance */
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  buildOrExit,
  login,
  report,
  sessionState,
  startServer,
} from './lib/harness.mjs';

// KB as 1000 bytes, the stricter reading and the one the app uses for file sizes.
// /login renders in the light app (app/light-app.tsx): React and the page, without the router or the shell.
const BUDGETS = { login: 90_000, dashboard: 330_000, dashboardBeforeLcp: 120_000, sign: 160_000 };
/** pdf.js's own files, which the signing page loads after its form is on screen. */
const PDFJS = /\/assets\/(pdf-viewer|pdf\.worker)[^/]*$/;
const SHOWN_FILES = Number(process.env.BUNDLE_SHOWN ?? 10);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

async function measure(context, baseUrl, path, prepare) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    globalThis.__vpLcp = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__vpLcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  if (prepare) await prepare(page);
  const scripts = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || /javascript/.test(contentType)) {
      scripts.set(response.url(), response);
    }
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
  // Chunks loaded right after first render (lazy routes) belong to the page too.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  // The largest paint so far, and which scripts had arrived by then.
  const beforeLcp = await page.evaluate(() => {
    const lcp = globalThis.__vpLcp;
    const urls = performance
      .getEntriesByType('resource')
      .filter((e) => lcp !== null && /\.m?js(\?|$)/.test(e.name) && e.responseEnd <= lcp)
      .map((e) => new URL(e.name).pathname);
    return { lcp, urls };
  });
  const files = [];
  for (const [url, response] of scripts) {
    const body = await response.body();
    files.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  await page.close();
  files.sort((a, b) => b.gzip - a.gzip);
  const early = files.filter((f) => beforeLcp.urls.includes(f.url));
  return {
    files,
    lcpMs: beforeLcp.lcp,
    beforeLcp: { files: early, gzip: early.reduce((sum, f) => sum + f.gzip, 0) },
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    raw: files.reduce((sum, f) => sum + f.raw, 0),
  };
}

/** Answers a signing link's calls as the server does for a valid link, with a two-page PDF. */
async function stubSigningLink(page) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 2; i += 1)
    doc.addPage([612, 792]).drawText('Site Access Form', { x: 72, y: 700, size: 24, font });
  const pdf = Buffer.from(await doc.save());
  const view = {
    documentLabel: 'Site Access Form',
    domainName: 'bench.example',
    vendorName: 'Bench Vendor',
    signatory: 'Broker',
    name: 'Bench Broker',
    email: 'broker@bench.example',
    consented: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    others: [],
  };
  await page.route('**/api/sign/**', (route) =>
    route.request().url().endsWith('/document')
      ? route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf })
      : route.fulfill({ status: 200, json: view }),
  );
}

/** Splits a measured page into its own scripts and pdf.js's. */
function withoutPdfjs(result) {
  const own = result.files.filter((f) => !PDFJS.test(f.url));
  const pdfjs = result.files.filter((f) => PDFJS.test(f.url));
  const sum = (files, key) => files.reduce((total, f) => total + f[key], 0);
  return {
    page: { files: own, gzip: sum(own, 'gzip'), raw: sum(own, 'raw') },
    pdfjs: { files: pdfjs, gzip: sum(pdfjs, 'gzip'), raw: sum(pdfjs, 'raw') },
  };
}

buildOrExit();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const loginContext = await browser.newContext();
  const loginPage = await measure(loginContext, server.baseUrl, '/login');
  await loginContext.close();

  const token = await login(server.baseUrl);
  const dashboardContext = await browser.newContext({ storageState: sessionState(server.baseUrl, token) });
  const dashboard = await measure(dashboardContext, server.baseUrl, '/dashboard');
  await dashboardContext.close();

  const signContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signed = withoutPdfjs(
    await measure(signContext, server.baseUrl, '/sign/bench-link', stubSigningLink),
  );
  await signContext.close();

  const lines = [];
  const verdicts = {};
  for (const [name, result] of [
    ['login', loginPage],
    ['dashboard', dashboard],
    ['sign', signed.page],
  ]) {
    const pass = result.gzip <= BUDGETS[name];
    verdicts[name] = pass;
    lines.push(
      `/${name}: ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.files.length} scripts, budget ${kb(BUDGETS[name])}: ${pass ? 'PASS' : 'FAIL'}`,
    );
    for (const file of result.files.slice(0, SHOWN_FILES))
      lines.push(`  ${kb(file.gzip).padStart(9)}  ${file.url}`);
    const rest = result.files.slice(SHOWN_FILES);
    if (rest.length > 0) {
      lines.push(
        `  ${kb(rest.reduce((sum, f) => sum + f.gzip, 0)).padStart(9)}  ${rest.length} smaller files`,
      );
    }
  }
  const lcpPass = dashboard.lcpMs !== null && dashboard.beforeLcp.gzip <= BUDGETS.dashboardBeforeLcp;
  verdicts.dashboardBeforeLcp = lcpPass;
  lines.push(
    `/dashboard before its largest contentful paint (${dashboard.lcpMs === null ? 'none recorded' : `${Math.round(dashboard.lcpMs)} ms`}): ${kb(dashboard.beforeLcp.gzip)} gzip in ${dashboard.beforeLcp.files.length} scripts, budget ${kb(BUDGETS.dashboardBeforeLcp)}: ${lcpPass ? 'PASS' : 'FAIL'}`,
  );
  for (const file of dashboard.beforeLcp.files.slice(0, SHOWN_FILES))
    lines.push(`  ${kb(file.gzip).padStart(9)}  ${file.url}`);
  lines.push(
    `/sign: pdf.js, loaded once the page is usable: ${kb(signed.pdfjs.gzip)} gzip (${kb(signed.pdfjs.raw)} raw) in ${signed.pdfjs.files.length} files`,
  );
  const pass = Object.values(verdicts).every(Boolean);
  report('bundle', lines, {
    loginGzipBytes: loginPage.gzip,
    dashboardGzipBytes: dashboard.gzip,
    loginBudgetBytes: BUDGETS.login,
    dashboardBudgetBytes: BUDGETS.dashboard,
    dashboardBeforeLcpGzipBytes: dashboard.beforeLcp.gzip,
    dashboardBeforeLcpBudgetBytes: BUDGETS.dashboardBeforeLcp,
    dashboardLcpMs: dashboard.lcpMs === null ? null : Math.round(dashboard.lcpMs),
    signGzipBytes: signed.page.gzip,
    signBudgetBytes: BUDGETS.sign,
    signPdfjsGzipBytes: signed.pdfjs.gzip,
    pass,
  });
  process.exitCode = pass ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
