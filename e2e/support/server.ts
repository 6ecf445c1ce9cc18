import { readFileSync } from 'node:fs';

/** This worker's slot (0 to workers - 1); global-setup.ts starts one server per slot. */
const slot = process.env.TEST_PARALLEL_INDEX ?? '0';

/** Address of this worker's server, started by global-setup.ts. */
export function baseUrl(): string {
  const url = process.env[`E2E_BASE_URL_${slot}`];
  if (!url) throw new Error(`E2E_BASE_URL_${slot} is not set: run the suite through playwright.config.ts`);
  return url;
}

/** What this worker's server has logged so far. */
export function serverLog(): string {
  const file = process.env[`E2E_SERVER_LOG_${slot}`];
  if (!file) throw new Error(`E2E_SERVER_LOG_${slot} is not set: run the suite through playwright.config.ts`);
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
