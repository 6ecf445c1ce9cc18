import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, loadConfig } from '../config.ts';
import { migrateDatabase, openPglite, openPostgres } from '../db/client.ts';
import { importRoster, parseRosterPayload, type ImportReport } from '../modules/roster/index.ts';

/**
 * npm run roster:import -- [--reciprocal] [--json] <file>...
 * Loads MLS roster files (RESO Web API payloads of Member or Office records, or CSV with the same
 * column names) into the portal's database: the embedded one in DATA_DIR, or DATABASE_URL.
 */

const USAGE = 'usage: npm run roster:import -- [--reciprocal] [--json] <file.json|file.csv>...';

function describe(file: string, r: ImportReport): string[] {
  const c = (x: ImportReport['members']) =>
    `added ${x.added}, updated ${x.updated}, unchanged ${x.unchanged}`;
  return [
    `${file}: members ${c(r.members)}; offices ${c(r.offices)}; rejected ${r.rejected.length}`,
    ...r.rejected.map((x) => `  row ${x.row}${x.key ? ` (${x.key})` : ''}: ${x.reason}`),
  ];
}

async function main(argv: string[]): Promise<number> {
  // npm runs workspace scripts in the workspace folder; paths and DATA_DIR are meant from where npm was started.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => f !== '--reciprocal' && f !== '--json');
  if (files.length === 0 || unknown.length > 0) {
    console.error(unknown.length ? `unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);
    return 2;
  }
  const inputs = files.map((f) => {
    const full = path.resolve(f);
    return { file: f, records: parseRosterPayload(fs.readFileSync(full, 'utf8'), full) };
  });

  const config = loadConfig();
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 2)
    : await openPglite(config.pgliteDir);
  try {
    await migrateDatabase(database, MIGRATIONS_DIR);
    const reports: Record<string, ImportReport> = {};
    for (const { file, records } of inputs) {
      reports[file] = await importRoster(database.db, records, { reciprocal: flags.has('--reciprocal') });
      if (!flags.has('--json')) for (const line of describe(file, reports[file])) console.log(line);
    }
    if (flags.has('--json')) console.log(JSON.stringify(reports));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
