import { z } from 'zod';

export { z };

/**
 * Zod compiles faster parsers with `new Function` where eval is allowed, and probes for it first. The
 * portal's Content-Security-Policy forbids eval in the browser and reports even the probe as a
 * violation, so the web app and its workers call this once at start to validate without generated code.
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there, so
 * this sets them without loading zod: the first page, which builds no schema, does not wait for it
 * (zod.test.ts proves zod reads it).
 */
export function validateWithoutEval(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}
