import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Every environment variable, parsed once. This file sits one level below the server package root
 * both as source (src/config.ts) and bundled (dist/main.js), so package-relative paths resolve the
 * same way in both.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => (v === '' ? undefined : v === '1' || v === 'true' || v === 'yes'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  SEED_DEMO: flag.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(1).default('Vendor Portal <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().default('datalicensing@mls.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.optional(),
  WEB_DIST: z.string().optional(),
  FILES_DIR: z.string().optional(),
  VENDOR_SITE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  SITE_CREATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string, or null for the embedded database. */
  databaseUrl: string | null;
  /** Directory of the embedded database (unused with PostgreSQL). */
  pgliteDir: string;
  seedDemo: boolean;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  webDist: string;
  filesDir: string;
  /** The most websites one vendor may hold. */
  vendorSiteLimit: number;
  /** The most websites one vendor may create in a minute. */
  siteCreatePerMinute: number;
}

const blankToUndefined = (env: NodeJS.ProcessEnv): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid environment variable ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    pgliteDir: path.join(dataDir, 'pgdata'),
    seedDemo: e.SEED_DEMO ?? databaseUrl === null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    vendorSiteLimit: e.VENDOR_SITE_LIMIT,
    siteCreatePerMinute: e.SITE_CREATE_PER_MINUTE,
  };
}
