import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './platform/events.ts';
import type { JobRunner } from './platform/jobs.ts';
import type { LiveHub } from './platform/live.ts';
import type { Mailer } from './platform/mail.ts';
import type { Outbound } from './platform/outbound.ts';
import type { ApiKeyService } from './platform/api-keys.ts';
import type { SessionService } from './platform/sessions.ts';
import type { FileStorage } from './platform/storage.ts';

/** What feature modules are built from; one object so adding a dependency touches one type. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  jobs: JobRunner;
  live: LiveHub;
  sessions: SessionService;
  /** API keys as credentials (platform/api-keys.ts). */
  apiKeys: ApiKeyService;
  storage: FileStorage;
  /** Every request to another server goes through its rules (platform/outbound.ts). */
  outbound: Outbound;
  log: FastifyBaseLogger;
}
