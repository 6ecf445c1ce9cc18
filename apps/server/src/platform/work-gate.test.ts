import { describe, expect, it } from 'vitest';
import { WorkGate } from './work-gate.ts';

const open = () => new AbortController();
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('fair turns', () => {
  it('serves a newcomer after the running task, ahead of the busy user’s queue', async () => {
    const gate = new WorkGate(1);
    const order: string[] = [];
    const first = deferred();
    const busy = [
      gate.turn(1, open().signal, async () => {
        order.push('a1');
        await first.promise;
      }),
      gate.turn(1, open().signal, async () => void order.push('a2')),
      gate.turn(1, open().signal, async () => void order.push('a3')),
    ];
    const other = gate.turn(2, open().signal, async () => void order.push('b1'));
    first.resolve();
    await Promise.all([...busy, other]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('drops a waiting task whose request was abandoned, without running it', async () => {
    const gate = new WorkGate(1);
    const hold = deferred();
    const running = gate.turn(1, open().signal, () => hold.promise);
    const leaving = open();
    let ran = false;
    const dropped = gate.turn(2, leaving.signal, async () => void (ran = true));
    leaving.abort(new Error('gone'));
    await expect(dropped).rejects.toThrow('gone');
    hold.resolve();
    await running;
    expect(ran).toBe(false);
    expect(gate.running).toBe(0);
    // The gate still serves others afterwards.
    expect(await gate.turn(3, open().signal, async () => 'ok')).toBe('ok');
  });

  it('runs one task per user at a time, several users side by side', async () => {
    const gate = new WorkGate(2);
    let peak = 0;
    const task = async () => {
      peak = Math.max(peak, gate.running);
      await new Promise((r) => setTimeout(r, 5));
    };
    await Promise.all([1, 1, 1, 2, 2].map((u) => gate.turn(u, open().signal, task)));
    expect(peak).toBe(2);
  });

  it('gives the turn back when a task fails', async () => {
    const gate = new WorkGate(1);
    await expect(gate.turn(1, open().signal, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await gate.turn(1, open().signal, async () => 2)).toBe(2);
  });

  it('estimates the wait of a newcomer from those waiting and the time a task has taken', async () => {
    const gate = new WorkGate(1);
    const never = new AbortController().signal;
    expect(gate.expectedWaitMs()).toBe(0);
    let release!: () => void;
    const first = gate.turn(1, never, () => new Promise<void>((r) => (release = r)));
    const queued = [2, 3, 4].map((u) => gate.turn(u, never, async () => undefined));
    await new Promise((r) => setImmediate(r));
    // Three wait behind the one running, each counted at the mean time of a task.
    expect(gate.expectedWaitMs()).toBeGreaterThan(0);
    const before = gate.expectedWaitMs();
    release();
    await Promise.all([first, ...queued]);
    expect(gate.expectedWaitMs()).toBe(0);
    expect(before).toBeGreaterThan(gate.expectedWaitMs());
  });
});
