import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { agentsRoutes } from './modules/agents/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { contactsRoutes } from './modules/contacts/index.ts';
import { commentsRoutes } from './modules/comments/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { documentsRoutes } from './modules/documents/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { historyRoutes } from './modules/history/index.ts';
import { productsRoutes } from './modules/products/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { resourcesRoutes } from './modules/resources/index.ts';
import { consumersRoutes } from './modules/consumers/index.ts';
import { rosterJobs } from './modules/roster/index.ts';
import { complianceJobs, complianceRoutes } from './modules/compliance/index.ts';
import { signaturesRoutes } from './modules/signatures/index.ts';
import { staffQueueRoutes } from './modules/staff-queue/index.ts';
import { staffAccountsRoutes } from './modules/staff-accounts/index.ts';
import { staffReportsRoutes } from './modules/staff-reports/index.ts';
import { teamsRoutes } from './modules/teams/index.ts';
import { websitesRoutes } from './modules/websites/index.ts';
import { registerApiDocs } from './platform/api-docs.ts';
import { answerFrameworkError, registerErrorHandler, registerInputGuard } from './platform/errors.ts';
import { createLocalBus, createPostgresBus, type EventBus } from './platform/events.ts';
import { registerJsonParser, registerSecurityHeaders, registerWebApp } from './platform/http.ts';
import {
  createJobRunner,
  createManualJobRunner,
  purgeJobRuns,
  type JobRunner,
  type JobTiming,
} from './platform/jobs.ts';
import { createLiveHub } from './platform/live.ts';
import { registerLiveServer } from './platform/live-server.ts';
import { registerLiveWrites } from './platform/live-writes.ts';
import { purgeRateWindows } from './platform/per-minute.ts';
import { purgeExpiredPlaces } from './platform/work-places.ts';
import { createMailQueue, type Mailer } from './platform/mail.ts';
import { registerApiSchemas } from './platform/openapi.ts';
import { registerAfterReply } from './platform/after-reply.ts';
import { registerEdgeBudget } from './platform/edge-budget.ts';
import { registerExpensiveLimit } from './platform/expensive.ts';
import { registerLoadShedding } from './platform/overload.ts';
import { DEFAULT_BODY_LIMIT, registerBodyDeadline, serverFactory } from './platform/connection-limits.ts';
import { registerScope } from './platform/scope.ts';
import { apiKeysRoutes } from './modules/api-keys/index.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import { mfaRoutes } from './modules/mfa/index.ts';
import { ApiKeyService } from './platform/api-keys.ts';
import { SessionService, type SessionOptions } from './platform/sessions.ts';
import { createOutbound, outboundConfig } from './platform/outbound.ts';
import { createStorage, type FileStorage } from './platform/storage.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Default: in-process, or PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL. */
  bus?: EventBus;
  /** Default: the mail queue (delivered through SMTP when configured, else kept in the outbox). */
  mailer?: Mailer;
  /** Default: pg-boss on the app's database. 'manual': run only when sent or asked (most tests). */
  jobs?: JobRunner | 'manual';
  /** How often the default runner polls and looks at schedules (tests make it quick). */
  jobTiming?: JobTiming;
  /** Default: S3 when configured, else local disk in config.filesDir. */
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  sessionOptions?: SessionOptions;
  /** How often the live channel checks its sockets' sessions (default 30 s, with its pings). */
  liveSessionCheckMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    ctx: AppContext;
  }
}

const FEATURES = [
  healthRoutes,
  authRoutes,
  profileRoutes,
  dashboardRoutes,
  productsRoutes,
  feedbackRoutes,
  agentsRoutes,
  websitesRoutes,
  historyRoutes,
  teamsRoutes,
  documentsRoutes,
  signaturesRoutes,
  commentsRoutes,
  notificationsRoutes,
  staffQueueRoutes,
  staffReportsRoutes,
  rosterJobs,
  complianceJobs,
  complianceRoutes,
  staffAccountsRoutes,
  resourcesRoutes,
  consumersRoutes,
  contactsRoutes,
  apiKeysRoutes,
  webhooksRoutes,
  mfaRoutes,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const limits = { ...config.connections, largestBodyBytes: config.maxUploadBytes + 64 * 1024 };
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Per-request logging would dominate hot reads; failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Small routes read a few KB; the few that take more say so (and uploads are multipart).
    bodyLimit: DEFAULT_BODY_LIMIT,
    frameworkErrors: answerFrameworkError,
    serverFactory: serverFactory(limits),
  });

  const ownBus = !deps.bus;
  const bus =
    deps.bus ??
    (database.kind === 'postgres'
      ? await createPostgresBus(database.url, database.pool, app.log)
      : createLocalBus());
  const jobs =
    deps.jobs === 'manual'
      ? createManualJobRunner(app.log, database.db)
      : (deps.jobs ?? createJobRunner(database, app.log, deps.jobTiming));
  const mailer =
    deps.mailer ??
    createMailQueue({
      db: database.db,
      jobs,
      log: app.log,
      publicUrl: config.publicUrl,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      retrySeconds: config.mailRetrySeconds,
    });
  const live = createLiveHub(bus);
  const sessions = new SessionService(database.db, bus, deps.sessionOptions);
  const apiKeys = new ApiKeyService(
    database.db,
    bus,
    deps.sessionOptions?.now,
    undefined,
    config.mfaRequiredRoles,
  );
  const storage = deps.storage ?? createStorage(config.filesDir, config.s3);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    bus,
    mailer,
    jobs,
    live,
    sessions,
    apiKeys,
    storage,
    outbound: createOutbound(outboundConfig(config)),
    log: app.log,
  };

  app.decorate('sessions', sessions);
  app.decorate('ctx', ctx);
  jobs.define(
    'limits.purge',
    async () => {
      await purgeRateWindows(database);
      await purgeExpiredPlaces(database);
      await purgeJobRuns(database.db);
    },
    {
      cron: '*/10 * * * *',
      description:
        'Forgets spent rate-limit windows, places of closed requests and job runs older than 14 days.',
    },
  );
  // Jobs start once every module has declared its own, and stop before the database closes.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    sessions.close();
    apiKeys.close();
    await ctx.outbound.close();
    if (ownBus) await bus.close();
  });

  registerErrorHandler(app);
  // First of all: a flood is refused, and overload shed, before any other work is done for it.
  registerEdgeBudget(app, database, config.edgeBudget);
  registerLoadShedding(app);
  registerInputGuard(app);
  registerAfterReply(app);
  registerBodyDeadline(app, limits);
  registerJsonParser(app);
  registerSecurityHeaders(app, config.publicUrl);
  registerScope(app, { db: database.db, sessions, apiKeys });
  registerExpensiveLimit(app, database);
  await registerApiSchemas(app);
  await registerLiveServer(app, {
    db: database.db,
    bus,
    sessions,
    publicUrl: config.publicUrl,
    ...(deps.liveSessionCheckMs ? { sessionCheckMs: deps.liveSessionCheckMs } : {}),
  });
  registerLiveWrites(app, live);
  for (const feature of FEATURES) feature(app, ctx);
  registerApiDocs(app);
  await registerWebApp(app, config.webDist);
  return app;
}
