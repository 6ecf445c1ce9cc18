// CPU time of processes, read from /proc (Linux), so a bench can say where the machine's cores
// went during a timed run: a latency figure means little without knowing whether the machine was
// saturated.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const TICKS_PER_SECOND = 100;

/**
 * User plus system CPU seconds of one process and of its children that have ended (PostgreSQL's
 * backends of closed connections count in the postmaster's), or 0 when it is gone or /proc is
 * missing.
 */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) are space separated: utime,
    // stime, cutime and cstime are the 14th to 17th of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process of this command name (`postgres`: the server and all backends). */
export function cpuSecondsOfCommand(name) {
  let total = 0;
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name) total += cpuSecondsOf(entry);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * Starts counting: `stop()` answers the cores each part used on average since, by name:
 * `parts` maps a name to a function answering its CPU seconds so far.
 */
export function cpuMeter(parts) {
  const started = performance.now();
  const before = Object.fromEntries(Object.entries(parts).map(([name, read]) => [name, read()]));
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      return Object.fromEntries(
        Object.entries(parts).map(([name, read]) => [
          name,
          Math.round(((read() - before[name]) / seconds) * 100) / 100,
        ]),
      );
    },
  };
}
