import { config, z } from 'zod';

export { z };

/**
 * Zod compiles faster parsers with `new Function` where eval is allowed, and probes for it first. The
 * portal's Content-Security-Policy forbids eval in the browser and reports even the probe as a
 * violation, so the web app and its workers call this once at start to validate without generated code.
 */
export function validateWithoutEval(): void {
  config({ jitless: true });
}
