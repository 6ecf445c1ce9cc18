import type { FastifyBaseLogger } from 'fastify';
import type { Browser, Route } from 'playwright-core';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import { Gate, OUTBOUND_DEFAULTS, OutboundError, type Outbound } from '../../platform/outbound.ts';

/**
 * Pages as a visitor's browser draws them (COMPLIANCE_RENDER=chromium), for sites whose words are
 * written by their scripts: one headless Chromium shared by every check, started on first use, and
 * a fresh browser context per page, with its scripts on and service workers blocked.
 *
 * The browser itself never reaches the network. Every request a page makes (its document, scripts,
 * styles, pictures, fetches) is intercepted: one to the site's own domain is made by the server
 * through the outbound rules (platform/outbound.ts: public addresses only, the address checked is
 * the one connected to, the same size and time limits) and its answer handed to the page; any
 * other is refused. Behind that, the browser is started with no name resolution and a proxy that
 * cannot be reached, so nothing the interception does not see (a WebSocket, a preconnect) leaves it.
 */

export const RENDER_LIMITS = {
  /** A page's time from the first request to the last byte drawn. */
  pageMs: 10_000,
  /** The most one answer to a page's request may weigh. */
  maxBytes: OUTBOUND_DEFAULTS.maxBytes,
  /** Pages drawn at once, all checks together. */
  pagesAtOnce: 3,
  viewport: { width: 1280, height: 800 },
  screenshotMs: 5_000,
  /** After Chromium failed to start, checks within this long do not try again. */
  retryStartMs: 60_000,
} as const;

/** As the end-to-end tests run Debian's Chromium, and shut off from the network besides. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // No host name resolves, so the proxy below cannot be found either: nothing is connected to.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];
/** Every request the interception lets by is answered by the server; any other would go here, and fail. */
const NO_PROXY = { server: 'http://proxy.invalid:9' };

/** Why a page could not be drawn: Chromium did not start, or the page itself failed. */
export class RenderError extends Error {
  constructor(
    readonly reason: 'start' | 'page',
    message: string,
  ) {
    super(message);
  }
}

export interface RenderRequest {
  /** The address to draw. */
  url: string;
  /** Whether the page may load this address (its host within the site's domain). */
  allowed: (url: URL) => boolean;
  /** The document as the server already read it at `url`, handed to the page rather than read again. */
  document?: { status: number; headers: Record<string, string>; body: Buffer };
  screenshot: boolean;
}

export interface RenderedPage {
  /** The page's DOM as drawn, serialized. */
  html: string;
  /** Where the page ended up. */
  url: string;
  /** A PNG of the viewport (1280×800), when asked for. */
  screenshot: Buffer | null;
  /** The page's requests refused (not the site's domain, not http(s), not allowed by the outbound rules). */
  refused: string[];
}

export type RenderContext = {
  config: Pick<Config, 'chromiumPath'>;
  outbound: Outbound;
  log: FastifyBaseLogger;
};

const firstLine = (err: unknown) =>
  ((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '').replace(/^[\w.]+: /, '');

const browsers = new Map<string, Promise<Browser>>();
const failedStarts = new Map<string, { at: number; message: string }>();
const reported = new Set<string>();
const pages = new Gate(RENDER_LIMITS.pagesAtOnce);

/** The shared browser at `path`, started if it is not running. */
function browserAt(path: string, log: FastifyBaseLogger): Promise<Browser> {
  const running = browsers.get(path);
  if (running) return running;
  const failed = failedStarts.get(path);
  if (failed && Date.now() - failed.at < RENDER_LIMITS.retryStartMs)
    return Promise.reject(new RenderError('start', failed.message));
  const starting: Promise<Browser> = (async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: path,
      headless: true,
      args: CHROMIUM_ARGS,
      proxy: NO_PROXY,
      timeout: 30_000,
      // The server's own shutdown closes it (closeRenderers).
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    // A browser that crashes or is killed is started again by the next page.
    browser.on('disconnected', () => {
      if (browsers.get(path) === starting) browsers.delete(path);
    });
    failedStarts.delete(path);
    return browser;
  })().catch((err: unknown) => {
    browsers.delete(path);
    const message = `Chromium could not start (${path}): ${firstLine(err)}`;
    failedStarts.set(path, { at: Date.now(), message });
    if (!reported.has(path)) {
      reported.add(path);
      log.error(
        { err, chromiumPath: path },
        'COMPLIANCE_RENDER=chromium, but Chromium could not start: checks record the pages they cannot draw as unknown',
      );
    }
    throw new RenderError('start', message);
  });
  browsers.set(path, starting);
  return starting;
}

/** Closes the shared browsers (the server is stopping); a later page starts one again. */
export async function closeRenderers(): Promise<void> {
  const all = [...browsers.values()];
  browsers.clear();
  await Promise.all(all.map((b) => b.then((browser) => browser.close()).catch(() => undefined)));
}

/** Request headers the server does not pass on: its own, the connection's, and the browser's cookies. */
const NOT_FORWARDED =
  /^(host|user-agent|cookie|accept-encoding|content-length|connection|keep-alive|transfer-encoding|upgrade|expect|te|trailer|proxy-.*)$/i;
/** Answer headers the page is not given: the body handed over is whole and decoded; no cookies are kept. */
const NOT_RETURNED =
  /^(content-encoding|content-length|transfer-encoding|connection|keep-alive|set-cookie)$/i;

const pick = (headers: Record<string, string>, leave: RegExp) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !leave.test(name)));

const webAddress = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:';

/** Smaller PNG of the same picture (a palette of colours), when that is smaller. */
async function compressed(png: Buffer): Promise<Buffer> {
  try {
    const smaller = await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
    return smaller.length < png.length ? smaller : png;
  } catch {
    return png;
  }
}

/**
 * Draws one page: loads it (within RENDER_LIMITS.pageMs), lets it settle (its network quiet, or
 * the time up), and returns its DOM and, when asked, a screenshot. Throws RenderError.
 */
export async function renderPage(ctx: RenderContext, req: RenderRequest): Promise<RenderedPage> {
  const browser = await browserAt(ctx.config.chromiumPath, ctx.log);
  const leave = await pages.enter();
  const deadline = Date.now() + RENDER_LIMITS.pageMs;
  const left = () => Math.max(1, deadline - Date.now());
  const stop = new AbortController();
  const refused: string[] = [];
  let documentHandedOver = false;

  const refuse = async (route: Route, code: 'blockedbyclient' | 'timedout' | 'failed') => {
    if (code === 'blockedbyclient') refused.push(route.request().url());
    await route.abort(code).catch(() => undefined);
  };
  const answer = (route: Route, res: { status: number; headers: Record<string, string>; body: Buffer }) =>
    route
      .fulfill({ status: res.status, headers: pick(res.headers, NOT_RETURNED), body: res.body })
      .catch(() => undefined);

  const intercept = async (route: Route): Promise<void> => {
    const request = route.request();
    let url: URL;
    try {
      url = new URL(request.url());
    } catch {
      return refuse(route, 'blockedbyclient');
    }
    if (!webAddress(url) || url.username || url.password || !req.allowed(url))
      return refuse(route, 'blockedbyclient');
    if (req.document && !documentHandedOver && request.isNavigationRequest() && request.url() === req.url) {
      documentHandedOver = true;
      return answer(route, req.document);
    }
    const method = request.method();
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return refuse(route, 'blockedbyclient');
    try {
      const res = await ctx.outbound.send(url, {
        method,
        headers: pick(request.headers(), NOT_FORWARDED),
        ...(method === 'POST' ? { body: request.postData() ?? '' } : {}),
        maxBytes: RENDER_LIMITS.maxBytes,
        timeoutMs: left(),
        signal: stop.signal,
        followRedirect: (next) => webAddress(next) && req.allowed(next),
      });
      await answer(route, res);
    } catch (err) {
      if (!(err instanceof OutboundError)) return refuse(route, 'failed');
      // An address the outbound rules refuse is refused to the page too.
      return refuse(
        route,
        err.reason === 'timeout' ? 'timedout' : err.reason === 'unreachable' ? 'failed' : 'blockedbyclient',
      );
    }
  };

  const context = await browser
    .newContext({
      serviceWorkers: 'block',
      javaScriptEnabled: true,
      acceptDownloads: false,
      viewport: RENDER_LIMITS.viewport,
    })
    .catch((err: unknown) => {
      leave();
      throw new RenderError('page', `The browser could not open the page: ${firstLine(err)}`);
    });
  try {
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'Not allowed' }));
    await context.route('**/*', intercept);
    const page = await context.newPage();
    try {
      await page.goto(req.url, { waitUntil: 'load', timeout: left() });
    } catch (err) {
      // A page whose document arrived but whose last picture did not is drawn as it stands.
      if (page.url() === 'about:blank')
        throw new RenderError('page', `The page could not be drawn: ${firstLine(err)}`);
    }
    await page.waitForLoadState('networkidle', { timeout: left() }).catch(() => undefined);
    const html = await page.content();
    const screenshot = req.screenshot
      ? await page
          .screenshot({
            type: 'png',
            timeout: RENDER_LIMITS.screenshotMs,
            animations: 'disabled',
            caret: 'hide',
          })
          .then(compressed)
          .catch(() => null)
      : null;
    return { html, url: page.url(), screenshot, refused };
  } catch (err) {
    if (err instanceof RenderError) throw err;
    throw new RenderError('page', `The page could not be drawn: ${firstLine(err)}`);
  } finally {
    stop.abort();
    await context.close().catch(() => undefined);
    leave();
  }
}
