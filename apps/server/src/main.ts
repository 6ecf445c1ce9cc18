import fs from 'node:fs';
import { buildApp } from './app.ts';
import { MIGRATIONS_DIR, loadConfig } from './config.ts';
import { migrateDatabase, openPglite, openPostgres } from './db/client.ts';
import { warmXlsxThread } from './modules/websites/index.ts';
import { DEMO_LOGINS, isEmpty, seedDemo, seedDemoDocuments, seedDemoResourceFiles } from './db/seed/index.ts';

/** read config -> open and migrate the database -> seed an empty one -> build the app -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.filesDir, { recursive: true });
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openPglite(config.pgliteDir);
  let seeded = false;
  await migrateDatabase(database, MIGRATIONS_DIR, async () => {
    if (config.seedDemo && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      seeded = true;
    }
  });

  const app = await buildApp({ config, database });
  // The demo's files need storage, which exists once the app is built.
  if (seeded) {
    await seedDemoDocuments(database.db, app.ctx.storage);
    await seedDemoResourceFiles(database.db, app.ctx.storage);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (seeded) {
    console.log('Demo data loaded. Demo logins (username / password):');
    for (const l of DEMO_LOGINS)
      console.log(`  ${l.username.padEnd(7)} / ${l.password.padEnd(14)} ${l.role}: ${l.note}`);
  }
  console.log(`Vendor Portal ready on http://localhost:${config.port}`);
  // The spreadsheet writer is made ready in the background, once the server answers.
  warmXlsxThread().catch((err: unknown) => app.log.warn({ err }, 'spreadsheet writer not warmed up'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
