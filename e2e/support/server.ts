import { readFileSync } from 'node:fs';

/** Address and log of the server started by global-setup.ts. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright.config.ts');
  return url;
}

export function serverLog(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: run the suite through playwright.config.ts');
  return readFileSync(file, 'utf8');
}

/**
 * Waits for a URL matching `pattern` to appear in the server log after `offset` characters (mail is
 * kept in the outbox and its links logged when no SMTP server is configured).
 */
export async function waitForLoggedLink(
  pattern: RegExp,
  offset: number,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  while (Date.now() < deadline) {
    const matches = serverLog().slice(offset).match(global);
    const last = matches?.at(-1);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No link matching ${pattern} was logged within ${timeoutMs} ms`);
}
