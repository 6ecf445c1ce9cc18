import type { FullConfig } from '@playwright/test';
import { startOwnServer } from './support/own-server.ts';

/**
 * Starts one built server per worker, each on a free port with a fresh embedded database (demo
 * data seeded), so every worker's specs see the demo data only their own specs changed. Worker `i`
 * (its parallel index) finds its server's address and log file in E2E_BASE_URL_i and
 * E2E_SERVER_LOG_i (support/server.ts); the log is how specs read links the server would mail.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const servers = await Promise.all(Array.from({ length: config.workers }, () => startOwnServer()));
  servers.forEach((server, i) => {
    process.env[`E2E_BASE_URL_${i}`] = server.baseUrl;
    process.env[`E2E_SERVER_LOG_${i}`] = server.logFile;
  });
  return async () => {
    await Promise.all(servers.map((server) => server.dispose()));
  };
}
