/**
 * Fair turns at a shared resource (the database's time for expensive work). At most `capacity`
 * tasks run at once, one per user; waiting users are served in turn, so a user with many tasks
 * queued waits behind others instead of ahead of them. A waiting task whose signal aborts leaves
 * the queue without running.
 *
 * Turns are given out on a later turn of the event loop, never straight from the task that ended:
 * the embedded database runs a statement on this thread, so starting the next at once would run it
 * before requests that have already arrived were even read, and they could not take their place in
 * line.
 */
interface Waiter {
  start: () => void;
}

export class WorkGate {
  private readonly runningUsers = new Set<number>();
  private waitingCount = 0;
  /** Running mean of a task's time, for expectedWaitMs. */
  private meanMs = 20;
  /** Waiting tasks per user; the map's order is the order users are served in. */
  private readonly waiting = new Map<number, Waiter[]>();
  private dispatchPending = false;

  constructor(readonly capacity: number) {}

  get running(): number {
    return this.runningUsers.size;
  }

  /** How long a task asking now would wait for its turn, from those waiting and their mean time. */
  expectedWaitMs(): number {
    return (this.waitingCount / this.capacity) * this.meanMs;
  }

  async turn<T>(user: number, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    await this.enter(user, signal);
    const started = performance.now();
    try {
      signal.throwIfAborted();
      return await task();
    } finally {
      this.meanMs += (performance.now() - started - this.meanMs) * 0.1;
      this.runningUsers.delete(user);
      // Having just had a turn, the user's next task waits behind everyone already in line.
      const mine = this.waiting.get(user);
      if (mine) {
        this.waiting.delete(user);
        this.waiting.set(user, mine);
      }
      this.scheduleDispatch();
    }
  }

  private enter(user: number, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const list = this.waiting.get(user);
        const at = list?.indexOf(waiter) ?? -1;
        if (list && at >= 0) {
          list.splice(at, 1);
          this.waitingCount -= 1;
          if (list.length === 0) this.waiting.delete(user);
        }
        reject(signal.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          this.waitingCount -= 1;
          resolve();
        },
      };
      this.waitingCount += 1;
      signal.addEventListener('abort', onAbort, { once: true });
      const list = this.waiting.get(user);
      if (list) list.push(waiter);
      else this.waiting.set(user, [waiter]);
      this.scheduleDispatch();
    });
  }

  private scheduleDispatch(): void {
    if (this.dispatchPending) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  /** Starts waiting tasks while there is room: the first user in line not already running. */
  private dispatch(): void {
    while (this.runningUsers.size < this.capacity) {
      const user = [...this.waiting.keys()].find((u) => !this.runningUsers.has(u));
      if (user === undefined) return;
      const list = this.waiting.get(user)!;
      const waiter = list.shift()!;
      this.waiting.delete(user);
      // A user with more waiting goes to the back of the line.
      if (list.length > 0) this.waiting.set(user, list);
      this.runningUsers.add(user);
      waiter.start();
    }
  }
}
