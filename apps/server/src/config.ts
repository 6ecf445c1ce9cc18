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

export const ENV_DOC = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port of the app and API.' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Address to listen on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'Directory for the embedded database and files, relative to the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    meaning: 'PostgreSQL connection string; when unset the embedded database in DATA_DIR/pgdata is used.',
  },
  {
    name: 'SEED_DEMO',
    default: '1 embedded, 0 PostgreSQL',
    meaning: 'Load the demo data into an empty database (0 turns it off).',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    meaning: 'Address users reach the portal at; used in mailed links.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    meaning:
      'SMTP server (smtp://user:pass@host:port); when unset mail is kept in the outbox table and its links logged.',
  },
  { name: 'MAIL_FROM', default: 'Vendor Portal <no-reply@localhost>', meaning: 'Sender address of mail.' },
  {
    name: 'SUPPORT_EMAIL',
    default: 'datalicensing@mls.example',
    meaning: 'Where feedback tickets are mailed.',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'TRUST_PROXY',
    default: '0',
    meaning: 'Set to 1 behind a load balancer so client addresses come from X-Forwarded-For.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning: 'Built web app to serve; the API runs alone when it is missing.',
  },
  { name: 'FILES_DIR', default: 'DATA_DIR/files', meaning: 'Directory for uploaded files.' },
] as const;

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
  };
}
