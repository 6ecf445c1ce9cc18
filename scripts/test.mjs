// `npm test`: every suite of the project, one after another, with one total at the end.
// A suite that fails, cannot start, or runs no test at all makes the whole run fail.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { clearTimeout } from 'node:timers';
import { ensureBuilt, root } from './lib/build.mjs';

/** Debian's Chromium, and its headless shell that the end-to-end suite runs in (e2e/playwright.config.ts). */
const BROWSERS = [
  { path: '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
];
/** A suite that hangs is stopped; the browser suite walks every screen and is allowed longer. */
const SUITE_TIME_LIMIT_MS = 20 * 60 * 1000;
const E2E_TIME_LIMIT_MS = 45 * 60 * 1000;
const reportDir = join(root, 'test-results');
const bin = (name) => join(root, 'node_modules/.bin', name);

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(0, 74 - text.length))}`);
}

function installChromium() {
  const missing = BROWSERS.filter((b) => !existsSync(b.path));
  if (missing.length === 0) return true;
  banner('Chromium');
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const steps = [
    [...prefix, 'apt-get', 'update'],
    [...prefix, 'apt-get', 'install', '-y', ...missing.map((b) => b.pkg)],
  ];
  console.log(`${missing.map((b) => b.path).join(' and ')} missing; installing Debian's packages.`);
  for (const step of steps) {
    console.log(`$ ${step.join(' ')}`);
    const result = spawnSync(step[0], step.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.log(
        `Installing Chromium failed (${step.join(' ')} exited with ${result.status ?? result.error}).`,
      );
      return false;
    }
  }
  return BROWSERS.every((b) => existsSync(b.path));
}

/** The PDF tools the server suite checks sealed documents with (poppler's pdfsig and pdftotext, qpdf). */
const PDF_TOOLS = ['/usr/bin/pdfsig', '/usr/bin/pdftotext', '/usr/bin/qpdf'];

function installPdfTools() {
  if (PDF_TOOLS.every((tool) => existsSync(tool))) return true;
  banner('PDF tools');
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const steps = [
    [...prefix, 'apt-get', 'update'],
    [...prefix, 'apt-get', 'install', '-y', 'poppler-utils', 'qpdf'],
  ];
  console.log('pdfsig, pdftotext or qpdf is missing; installing poppler-utils and qpdf.');
  for (const step of steps) {
    console.log(`$ ${step.join(' ')}`);
    const result = spawnSync(step[0], step.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.log(
        `Installing the PDF tools failed (${step.join(' ')} exited with ${result.status ?? result.error}).`,
      );
      return false;
    }
  }
  return PDF_TOOLS.every((tool) => existsSync(tool));
}

// Each suite runs in its own process group so a hung one can be stopped whole (servers and browsers
// included); an interrupt of this script is passed on to that group.
const runningGroups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const group of runningGroups) {
      try {
        process.kill(-group, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/** How many of a command's last output lines are kept, to name an error that failed no test. */
const KEPT_LINES = 400;

/**
 * Runs a command, passing its output on as it comes; resolves to its exit code (or a signal
 * marker). With `tail`, its last output lines are collected into that array. A `quiet` command's
 * output is held back and shown whole once it has finished, so suites run side by side never
 * interleave their output.
 */
function run(
  cmd,
  args,
  { cwd = root, env = {}, limitMs = SUITE_TIME_LIMIT_MS, tail = [], quiet = false } = {},
) {
  const held = [];
  return runCommand(cmd, args, { cwd, env, limitMs, tail, quiet, held }).then((code) => {
    if (quiet && held.length > 0) process.stdout.write(`\n${held.join('')}`);
    return code;
  });
}

function runCommand(cmd, args, { cwd, env, limitMs, tail, quiet, held }) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: Object.fromEntries(
        Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
      ),
      detached: true,
    });
    if (child.pid) runningGroups.add(child.pid);
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on('data', (chunk) => {
        if (quiet) held.push(chunk.toString('utf8'));
        else sink.write(chunk);
        tail.push(...chunk.toString('utf8').split('\n'));
        if (tail.length > KEPT_LINES) tail.splice(0, tail.length - KEPT_LINES);
      });
    }
    const timer = setTimeout(() => {
      console.log(`\n[test] ${cmd} ${args.join(' ')} exceeded ${limitMs / 60000} min; stopping it.`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      runningGroups.delete(child.pid);
      console.log(`[test] could not start ${cmd}: ${error.message}`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      runningGroups.delete(child.pid);
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Counts from vitest's JSON reporter; a file that failed before any test ran counts as one failure. */
function vitestCounts(file) {
  const report = readJson(file);
  if (!report) return undefined;
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (result) => result.status === 'failed' && (result.assertionResults ?? []).length === 0,
  );
  const failedNames = [
    ...brokenFiles.map((result) => `${relative(root, result.name)} (did not run)`),
    ...files.flatMap((result) =>
      (result.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map(
          (test) =>
            `${relative(root, result.name)} > ${test.fullName}${firstErrorLine(test.failureMessages?.[0])}`,
        ),
    ),
  ];
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedNames,
  };
}

/** The start of a failure's message, so the summary says why as well as what. */
function firstErrorLine(message) {
  const lines = (message ?? '')
    // eslint-disable-next-line no-control-regex -- the escape character is what is being removed
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3);
  return lines.length ? `\n           ${lines.join(' | ').slice(0, 300)}` : '';
}

/** Counts from Playwright's JSON reporter; setup errors outside tests count as failures. */
function playwrightCounts(file) {
  const report = readJson(file);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const failedNames = (report.errors ?? []).map(
    (error) => `(outside tests) ${error.message?.split('\n')[0]}`,
  );
  const flakyNames = [];
  /** Seconds of test time per spec file, every try and project included. */
  const perFile = new Map();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(root, join(report.config?.rootDir ?? join(root, 'e2e'), spec.file));
      const ms = (spec.tests ?? [])
        .flatMap((test) => test.results ?? [])
        .reduce((sum, result) => sum + (result.duration ?? 0), 0);
      perFile.set(file, (perFile.get(file) ?? 0) + ms / 1000);
      const name = `${file}:${spec.line} > ${[...titles, spec.title].join(' > ')}`;
      const failed = (spec.tests ?? []).find((test) => test.status === 'unexpected');
      if (failed) failedNames.push(`${name}${firstErrorLine(failed.results?.at(-1)?.error?.message)}`);
      else if (spec.tests?.some((test) => test.status === 'flaky')) flakyNames.push(name);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return {
    passed: expected + flaky,
    failed: unexpected + (report.errors ?? []).length,
    skipped,
    failedNames,
    flakyNames,
    fileTimes: [...perFile].map(([file, seconds]) => ({ file, seconds })),
  };
}

/**
 * The errors vitest reports outside any test (an unhandled rejection after a test ended, say): it
 * exits with 1 while every test passed, so the summary names them from its output.
 */
function errorsOutsideTests(lines) {
  // eslint-disable-next-line no-control-regex -- the escape character is what is being removed
  const plain = lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim());
  const found = [];
  plain.forEach((line, i) => {
    if (!/^(Error|TypeError|RangeError|ReferenceError|Unhandled\w*|AssertionError)\b.*:/.test(line)) return;
    const where = plain.slice(i + 1, i + 12).find((next) => /^❯ .*\.(ts|tsx|mjs|js):\d+/.test(next));
    found.push(`(outside tests) ${line.slice(0, 200)}${where ? ` ${where}` : ''}`);
  });
  return [...new Set(found)].slice(0, 5);
}

// Vitest uses one worker less than there are cores, which is a single worker on a 2-core machine;
// the suites are mostly waiting on databases, so every core is put to work unless told otherwise.
const vitestWorkers = process.env.VITEST_MAX_WORKERS ?? String(Math.max(2, availableParallelism()));

function vitestSuite(name, cwd, env = {}) {
  return {
    name,
    async run({ quiet = false } = {}) {
      const out = join(reportDir, `${name}.json`);
      const times = join(reportDir, `${name}.times.json`);
      const tail = [];
      const code = await run(
        bin('vitest'),
        [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--reporter=${join(root, 'scripts/lib/file-times-reporter.mjs')}`,
          `--outputFile.json=${out}`,
        ],
        {
          cwd: join(root, cwd),
          env: { VITEST_MAX_WORKERS: vitestWorkers, VITEST_FILE_TIMES: times, ...env },
          tail,
          quiet,
        },
      );
      const counts = vitestCounts(out);
      if (counts)
        counts.fileTimes = (readJson(times) ?? []).map((t) => ({
          file: relative(root, t.file),
          seconds: t.seconds,
        }));
      if (code !== 0 && counts && counts.failed === 0) counts.failedNames.push(...errorsOutsideTests(tail));
      return { code, counts };
    },
  };
}

const e2eSuite = {
  name: 'e2e',
  async run({ quiet = false } = {}) {
    const out = join(reportDir, 'e2e.json');
    const code = await run(bin('playwright'), ['test', '-c', 'e2e'], {
      env: { E2E_JSON_REPORT: out },
      limitMs: E2E_TIME_LIMIT_MS,
      quiet,
    });
    return { code, counts: playwrightCounts(out) };
  },
};

const started = Date.now();
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const results = [];
const record = (name, code, counts, note) => {
  const passed = counts?.passed ?? 0;
  let failed = counts?.failed ?? 0;
  let problem = note;
  if (!counts) problem ??= 'no report (runner failed to start or crashed)';
  else if (passed + failed === 0) problem ??= 'ran no tests';
  if (code !== 0 && failed === 0) problem ??= `runner exited with ${code}`;
  // A suite that broke without failing a test still has to show in the total.
  if (problem && failed === 0) failed = 1;
  results.push({
    name,
    passed,
    failed,
    skipped: counts?.skipped ?? 0,
    problem,
    failedNames: counts?.failedNames ?? [],
    flakyNames: counts?.flakyNames ?? [],
    fileTimes: counts?.fileTimes ?? [],
  });
  const status = problem || failed > 0 ? 'FAIL' : 'ok';
  console.log(
    `\n[test] ${name}: ${status} - ${passed} passed, ${failed} failed${problem ? ` (${problem})` : ''}`,
  );
};

if (!installChromium()) {
  console.log('[test] Chromium is not available; the end-to-end suite will fail.');
}
if (!installPdfTools()) {
  console.log('[test] pdfsig, pdftotext or qpdf is not available; the signature tests will fail.');
}

banner('build');
const buildFailures = ensureBuilt(['web', 'server']);
for (const name of buildFailures)
  record(`build:${name}`, 1, { passed: 0, failed: 1, skipped: 0 }, 'build failed');

/** A check that passes or fails as a whole (type checking, lint): one test each in the total. */
function checkSuite(name, script) {
  return {
    name,
    async run({ quiet = false } = {}) {
      const code = await run('npm', ['run', '-s', script], { quiet });
      return {
        code,
        counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, failedNames: [] },
      };
    },
  };
}

/**
 * Suites that run at the same time, each recorded with its own time; each one's output is shown
 * once it has finished. Type checking and lint are single-threaded, so they share the two cores.
 * The other suites each keep both cores busy: run side by side they took longer in all than one
 * after another (the server suites 636 s and 410 s together against about 270 s and 160 s alone).
 */
function together(...parts) {
  return { name: parts.map((p) => p.name).join(' + '), parts };
}

const suites = [
  together(checkSuite('typecheck', 'typecheck'), checkSuite('lint', 'lint')),
  vitestSuite('contract', 'packages/contract'),
  vitestSuite('server-pglite', 'apps/server', { TEST_DB: undefined }),
];
if (process.env.TEST_DATABASE_URL) {
  suites.push(vitestSuite('server-postgres', 'apps/server', { TEST_DB: 'postgres' }));
} else {
  console.log('[test] TEST_DATABASE_URL is not set: the server suite runs on the embedded database only.');
}
suites.push(vitestSuite('web', 'apps/web'), e2eSuite);

for (const suite of suites) {
  banner(suite.name);
  const parts = suite.parts ?? [suite];
  const finished = await Promise.all(
    parts.map(async (part) => {
      const partStarted = Date.now();
      const outcome = await part.run({ quiet: parts.length > 1 });
      return { ...outcome, seconds: (Date.now() - partStarted) / 1000 };
    }),
  );
  parts.forEach((part, i) => {
    const { code, counts, seconds } = finished[i];
    record(part.name, code, counts);
    results.at(-1).seconds = seconds;
  });
}

banner('summary');
for (const r of results) {
  const status = r.problem || r.failed > 0 ? 'FAIL' : 'ok  ';
  const time = r.seconds === undefined ? '' : ` in ${r.seconds.toFixed(1)} s`;
  const skipped = r.skipped ? `, ${r.skipped} skipped` : '';
  console.log(
    `${status} ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${skipped}${time}${r.problem ? ` - ${r.problem}` : ''}`,
  );
  const SHOWN = 20;
  for (const failedName of r.failedNames.slice(0, SHOWN)) console.log(`       x ${failedName}`);
  if (r.failedNames.length > SHOWN) console.log(`       ... and ${r.failedNames.length - SHOWN} more`);
  for (const flakyName of r.flakyNames) console.log(`       ~ flaky, passed on retry: ${flakyName}`);
}
// The slowest files of every suite, so the change that slows the run shows where it did.
const slowest = results
  .flatMap((r) => r.fileTimes.map((f) => ({ ...f, suite: r.name })))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (slowest.length > 0) {
  console.log("\nSlowest test files (seconds; a browser file's tests add up across its workers):");
  for (const f of slowest)
    console.log(`${f.seconds.toFixed(1).padStart(7)}  ${f.suite.padEnd(16)} ${f.file}`);
}
const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`Total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
