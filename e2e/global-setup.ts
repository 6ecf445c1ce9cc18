import { startOwnServer } from './support/own-server.ts';

/**
 * Starts the built server on a free port with a fresh embedded database (demo data seeded) and
 * hands its address and log file to the specs through the environment. The log is how specs read
 * links that the server would otherwise mail.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startOwnServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_SERVER_LOG = server.logFile;
  return () => server.dispose();
}
