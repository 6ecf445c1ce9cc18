/* global fetch, window, performance */
// Spreadsheet export of 50,000 websites in Chromium: from the click on Export to the downloaded
// table-list.xlsx, with every main-thread long task recorded meanwhile (target: at most 3 s, and
// no task longer than 200 ms, so the page never freezes while the file is made).
//   npm run bench:export
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, report, sessionState } from './lib/harness.mjs';
import { longTaskRecorder, SCALE_SITES, startScaledServer } from './lib/websites-scale.mjs';

const RUNS = 3;
const EXPORT_MS = 3_000;
const LONG_TASK_MS = 200;

async function main() {
  const server = await startScaledServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const response = await fetch(`${server.baseUrl}/api/portal/websites?pageSize=1`, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    const { total } = await response.json();
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        storageState: sessionState(server.baseUrl, server.token),
        acceptDownloads: true,
        viewport: { width: 1280, height: 800 },
      });
      await context.addInitScript(longTaskRecorder);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/websites`);
      await page.locator('[data-testid="websites-table"] tbody tr.ant-table-row').first().waitFor();
      // Let the page settle, then count only what the export itself causes.
      await page.waitForTimeout(1_000);
      const since = await page.evaluate(() => performance.now());
      const download = page.waitForEvent('download', { timeout: 60_000 });
      // A failed export shows an error toast instead of a file; stop at once with its text.
      const failed = page
        .locator('.ant-message-error')
        .first()
        .waitFor({ timeout: 60_000 })
        .then(() => page.locator('.ant-message-error').first().innerText())
        .catch(() => null);
      const t0 = Date.now();
      await page.getByTestId('export-button').click();
      const first = await Promise.race([
        download.then((file) => ({ file })),
        failed.then((error) => ({ error })),
      ]);
      if (!first.file) throw new Error(`the export failed: ${first.error}`);
      const { file } = first;
      const ms = Date.now() - t0;
      const path = join(tmpdir(), `vp-export-bench-${process.pid}-${run}.xlsx`);
      await file.saveAs(path);
      const tasks = await page.evaluate((from) => window.__longTasks.filter((t) => t.start >= from), since);
      const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
      runs.push({
        ms,
        longTasks: tasks.length,
        longestTaskMs: Math.round(longest),
        bytes: statSync(path).size,
      });
      rmSync(path, { force: true });
      await context.close();
    }
    const worst = runs.reduce((a, r) => (r.ms > a.ms ? r : a), runs[0]);
    const longest = Math.max(...runs.map((r) => r.longestTaskMs));
    const pass = worst.ms <= EXPORT_MS && longest <= LONG_TASK_MS;
    report(
      'export',
      [
        `Export of the whole list (${total} websites; ${SCALE_SITES} added to the demo vendor; ${server.seedMs ? `seeded in ${(server.seedMs / 1000).toFixed(1)} s` : `server at ${server.baseUrl}`}), ${RUNS} runs in Chromium:`,
        ...runs.map(
          (r, i) =>
            `  run ${i + 1}: ${r.ms} ms click to download, ${(r.bytes / 1e6).toFixed(2)} MB, ${r.longTasks} long tasks, longest ${r.longestTaskMs} ms`,
        ),
        `  slowest ${worst.ms} ms (target <= ${EXPORT_MS} ms), longest main-thread task ${longest} ms (target <= ${LONG_TASK_MS} ms): ${pass ? 'PASS' : 'FAIL'}`,
      ],
      { rows: total, runs, slowestMs: worst.ms, longestTaskMs: longest, pass },
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
