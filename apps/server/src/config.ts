import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECK_NOW_MINUTES, IMPORT_CHECK_ROWS_PER_HOUR, ROLES, type Role } from '@vp/contract';
import { z } from 'zod';
import type { ConnectionLimits } from './platform/connection-limits.ts';
import { DEFAULT_EDGE_BUDGET, type EdgeBudgetOptions } from './platform/edge-budget.ts';
import { parseResolve } from './platform/outbound.ts';

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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  SEED_DEMO: flag.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(1).default('Vendor Portal <no-reply@localhost>'),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  SUPPORT_EMAIL: z.email().default('datalicensing@mls.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.optional(),
  WEB_DIST: z.string().optional(),
  FILES_DIR: z.string().optional(),
  VENDOR_SITE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  SITE_CREATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  USER_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1_000_000).default(DEFAULT_EDGE_BUDGET.userRate),
  USER_REQUEST_BURST: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_EDGE_BUDGET.userBurst),
  ADDRESS_REQUESTS_PER_SECOND: z.coerce
    .number()
    .min(0.1)
    .max(1_000_000)
    .default(DEFAULT_EDGE_BUDGET.addressRate),
  ADDRESS_REQUEST_BURST: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(DEFAULT_EDGE_BUDGET.addressBurst),
  IMPORT_CHECK_ROWS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(IMPORT_CHECK_ROWS_PER_HOUR),
  NOTIFICATION_DIGEST_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  MAX_UPLOAD_MB: z.coerce.number().min(0.001).max(5000).default(25),
  ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86400)
    .default(600),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  REQUEST_GRACE_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  MIN_UPLOAD_KBPS: z.coerce.number().min(0.1).max(1_000_000).default(16),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  KEEP_ALIVE_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000_000).default(8192),
  S3_URL: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SIGNING_P12: z.string().optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  TERM_DATE_ACTION: z.enum(['terminate', 'flag']).default('terminate'),
  SAF_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  SAF_REMINDER_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  ROSTER_URL: z.url().optional(),
  ROSTER_TOKEN: z.string().optional(),
  ROSTER_TOKEN_URL: z.url().optional(),
  ROSTER_CLIENT_ID: z.string().optional(),
  ROSTER_CLIENT_SECRET: z.string().optional(),
  ROSTER_SYNC_CRON: z.string().min(9).max(100).default('*/15 * * * *'),
  /** Lets ROSTER_URL and ROSTER_TOKEN_URL be plain http (a local test server); never in production. */
  ROSTER_ALLOW_HTTP: flag.optional(),
  /** Whether licensed websites are checked daily; off by default with the demo data (made-up domains). */
  COMPLIANCE_DAILY: flag.optional(),
  /** How often "Check now" may be asked of one site, in minutes (0: whenever the last one is done). */
  COMPLIANCE_CHECK_NOW_MINUTES: z.coerce.number().int().min(0).max(1440).default(CHECK_NOW_MINUTES),
  /**
   * How often each instance looks for webhook deliveries due, in milliseconds; a change raising an
   * event also wakes it at once. 0: only the minutely job delivers (the tests drive it themselves).
   */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Roles whose users must have a second factor (comma-separated), or `none`. */
  MFA_REQUIRED_ROLES: z
    .string()
    .default('admin')
    .transform((v) => (v.trim() === 'none' ? [] : v.split(',').map((r) => r.trim())))
    .pipe(z.array(z.enum(ROLES, { error: `must be roles among ${ROLES.join(', ')}, or none` }))),
  /** Single sign-on for MLS staff: the MLS's OpenID Connect provider (its issuer URL). */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** What the sign-in button calls the provider. */
  OIDC_NAME: z.string().default('MLS single sign-on'),
  /** `claim=value`: a user whose ID token has it (the claim, or one of its values) is MLS staff. */
  OIDC_ADMIN_CLAIM: z
    .string()
    .regex(/^[\w.:-]+=.+$/, 'must be claim=value')
    .optional(),
  /** Email domains (comma-separated) whose verified addresses are MLS staff. */
  OIDC_ADMIN_DOMAINS: z.string().optional(),
  /** Staff with no portal account yet get one at their first single sign-on. */
  OIDC_CREATE_USERS: flag.optional(),
  /** An `acr` value the provider sends when it asked for a second factor (besides `amr` holding `mfa`). */
  OIDC_MFA_ACR: z.string().optional(),
  /** Tests only: the provider may be reached over plain HTTP. */
  OIDC_ALLOW_HTTP: flag.optional(),
  /** How a check reads a page: its HTML as served (off), or as headless Chromium draws it. */
  COMPLIANCE_RENDER: z.enum(['off', 'chromium'], { error: 'must be off or chromium' }).default('off'),
  /** The Chromium the checks draw pages with, when COMPLIANCE_RENDER=chromium. */
  CHROMIUM_PATH: z
    .string()
    .refine((v) => path.isAbsolute(v), 'must be an absolute path')
    .default('/usr/bin/chromium'),
  /** Tests and benches only: host[:port]=address[:port] pairs outbound requests connect to instead. */
  OUTBOUND_RESOLVE: z.string().optional(),
  /** Tests and benches only: outbound requests may reach private and loopback addresses. */
  OUTBOUND_ALLOW_PRIVATE: flag.optional(),
  /** Tests and benches only: a PEM file of certificate authorities outbound requests trust too. */
  OUTBOUND_CA: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string, or null for the embedded database. */
  databaseUrl: string | null;
  /** Connections this instance keeps to PostgreSQL; half of them at most run expensive reads. */
  databasePoolSize: number;
  /** Directory of the embedded database (unused with PostgreSQL). */
  pgliteDir: string;
  seedDemo: boolean;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** The mail queue's first retry waits this long; each later one twice as long. */
  mailRetrySeconds: number;
  /** When a Pending Termination site's term date is reached: terminate it, or only tell MLS staff. */
  termDateAction: 'terminate' | 'flag';
  /** Signatories who have not signed get a new link every this many days, at most this many times. */
  safReminderDays: number;
  safReminderLimit: number;
  /**
   * The RESO Web API the roster syncs from (its root, serving Member and Office), with a bearer
   * token or OAuth2 client credentials; null: no sync (the roster is imported by hand).
   */
  roster: {
    url: string;
    token: string | null;
    tokenUrl: string | null;
    clientId: string | null;
    clientSecret: string | null;
    cron: string;
  } | null;
  supportEmail: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  webDist: string;
  filesDir: string;
  /** The most websites one vendor may hold. */
  vendorSiteLimit: number;
  /** The most websites one vendor may create in a minute. */
  siteCreatePerMinute: number;
  /** The most comments one user may send in a minute. */
  commentsPerMinute: number;
  /** The most import rows one vendor may have checked in an hour (each says whether a domain is free). */
  importCheckRowsPerHour: number;
  /** Requests per second and burst per session and per client address (see platform/edge-budget.ts). */
  edgeBudget: EdgeBudgetOptions;
  /** A user's notifications are mailed as one digest once the oldest waiting is this old (seconds). */
  notificationDigestSeconds: number;
  /** Largest upload, in bytes. */
  maxUploadBytes: number;
  /** Age before the orphan sweep removes a staged file or an object no row holds (a running upload is younger). */
  orphanGraceMs: number;
  /** S3-compatible object storage; null keeps files on local disk in filesDir. */
  s3: S3Config | null;
  /** Timeouts and connection caps (see platform/connection-limits.ts). */
  connections: Omit<ConnectionLimits, 'largestBodyBytes'>;
  /** The sealing certificate (PKCS#12) and its password; null generates a self-signed one in dataDir. */
  signingP12: { path: string; password: string } | null;
  /** Licensed websites are checked against their products' rules every day (else only on request). */
  complianceDaily: boolean;
  complianceCheckNowMinutes: number;
  /** How often webhook deliveries due are looked for (ms); 0 leaves it to the minutely job. */
  webhookPollMs: number;
  /** Roles whose users must have a second factor before they can do anything else. */
  mfaRequiredRoles: readonly Role[];
  /** Single sign-on for MLS staff through the MLS's OpenID Connect provider; null when not set up. */
  oidc: OidcConfig | null;
  /**
   * How a check reads a page: its HTML as served ('off'), or the page as headless Chromium draws it
   * with its scripts run ('chromium'), every request of the page under the outbound rules.
   */
  complianceRender: 'off' | 'chromium';
  /** The Chromium executable drawing the pages. */
  chromiumPath: string;
  /** The rules of requests to other servers (platform/outbound.ts); the settings are for tests only. */
  outbound: {
    resolve: ReadonlyMap<string, { address: string; port: number | null }>;
    allowPrivate: boolean;
    /** PEM text of extra certificate authorities. */
    ca: string | null;
  };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  adminClaim: { claim: string; value: string } | null;
  adminDomains: readonly string[];
  createUsers: boolean;
  mfaAcr: string | null;
  allowHttp: boolean;
}

function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | null {
  if (!e.OIDC_ISSUER) return null;
  const clientId = e.OIDC_CLIENT_ID;
  const clientSecret = e.OIDC_CLIENT_SECRET;
  if (!clientId || !clientSecret)
    throw new Error(
      'Invalid environment variable OIDC_CLIENT_ID: required (with OIDC_CLIENT_SECRET) when OIDC_ISSUER is set',
    );
  if (!e.OIDC_ISSUER.startsWith('https://') && !e.OIDC_ALLOW_HTTP)
    throw new Error('Invalid environment variable OIDC_ISSUER: must be an https:// address');
  const domains = (e.OIDC_ADMIN_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const [claim, ...value] = e.OIDC_ADMIN_CLAIM?.split('=') ?? [];
  if (!claim && domains.length === 0)
    throw new Error(
      'Invalid environment variable OIDC_ADMIN_CLAIM: OIDC_ADMIN_CLAIM or OIDC_ADMIN_DOMAINS is required when OIDC_ISSUER is set',
    );
  return {
    issuer: e.OIDC_ISSUER,
    clientId,
    clientSecret,
    name: e.OIDC_NAME,
    adminClaim: claim ? { claim, value: value.join('=') } : null,
    adminDomains: domains,
    createUsers: e.OIDC_CREATE_USERS ?? false,
    mfaAcr: e.OIDC_MFA_ACR ?? null,
    allowHttp: e.OIDC_ALLOW_HTTP ?? false,
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const blankToUndefined = (env: NodeJS.ProcessEnv): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`Invalid environment variable ${name}: required when S3_URL is set`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid environment variable ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  // The roster's bearer token and client secret travel with every call: never in the clear.
  for (const name of ['ROSTER_URL', 'ROSTER_TOKEN_URL'] as const) {
    const value = e[name];
    if (value && !value.startsWith('https://') && !e.ROSTER_ALLOW_HTTP)
      throw new Error(`Invalid environment variable ${name}: must be an https:// address`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteDir: path.join(dataDir, 'pgdata'),
    seedDemo: e.SEED_DEMO ?? databaseUrl === null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    termDateAction: e.TERM_DATE_ACTION,
    safReminderDays: e.SAF_REMINDER_DAYS,
    safReminderLimit: e.SAF_REMINDER_LIMIT,
    roster: e.ROSTER_URL
      ? {
          url: e.ROSTER_URL.replace(/\/+$/, ''),
          token: e.ROSTER_TOKEN ?? null,
          tokenUrl: e.ROSTER_TOKEN_URL ?? null,
          clientId: e.ROSTER_CLIENT_ID ?? null,
          clientSecret: e.ROSTER_CLIENT_SECRET ?? null,
          cron: e.ROSTER_SYNC_CRON,
        }
      : null,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    vendorSiteLimit: e.VENDOR_SITE_LIMIT,
    siteCreatePerMinute: e.SITE_CREATE_PER_MINUTE,
    commentsPerMinute: e.COMMENTS_PER_MINUTE,
    importCheckRowsPerHour: e.IMPORT_CHECK_ROWS_PER_HOUR,
    edgeBudget: {
      userRate: e.USER_REQUESTS_PER_SECOND,
      userBurst: e.USER_REQUEST_BURST,
      addressRate: e.ADDRESS_REQUESTS_PER_SECOND,
      addressBurst: e.ADDRESS_REQUEST_BURST,
    },
    notificationDigestSeconds: e.NOTIFICATION_DIGEST_SECONDS,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1_000_000),
    orphanGraceMs: e.ORPHAN_GRACE_SECONDS * 1000,
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestGraceMs: e.REQUEST_GRACE_SECONDS * 1000,
      minBodyBytesPerSecond: e.MIN_UPLOAD_KBPS * 1024,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_SECONDS * 1000,
      // Behind a proxy every connection comes from the proxy's address: the proxy caps them.
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 100),
      maxConnections: e.MAX_CONNECTIONS,
    },
    s3: e.S3_URL
      ? {
          endpoint: e.S3_URL,
          bucket: required(e.S3_BUCKET, 'S3_BUCKET'),
          region: e.S3_REGION,
          accessKeyId: required(e.S3_ACCESS_KEY_ID, 'S3_ACCESS_KEY_ID'),
          secretAccessKey: required(e.S3_SECRET_ACCESS_KEY, 'S3_SECRET_ACCESS_KEY'),
        }
      : null,
    signingP12: e.SIGNING_P12
      ? { path: path.resolve(e.SIGNING_P12), password: e.SIGNING_P12_PASSWORD ?? '' }
      : null,
    complianceDaily: e.COMPLIANCE_DAILY ?? !(e.SEED_DEMO ?? databaseUrl === null),
    complianceRender: e.COMPLIANCE_RENDER,
    complianceCheckNowMinutes: e.COMPLIANCE_CHECK_NOW_MINUTES,
    webhookPollMs: e.WEBHOOK_POLL_MS,
    mfaRequiredRoles: [...new Set(e.MFA_REQUIRED_ROLES)],
    oidc: oidcConfig(e),
    chromiumPath: e.CHROMIUM_PATH,
    outbound: {
      resolve: parseResolve(e.OUTBOUND_RESOLVE),
      allowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? false,
      ca: e.OUTBOUND_CA ? readFileSync(path.resolve(e.OUTBOUND_CA), 'utf8') : null,
    },
  };
}
