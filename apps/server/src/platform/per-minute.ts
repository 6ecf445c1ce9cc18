/**
 * At most `limit` uses per key in a calendar minute, counted in this process (a burst from one
 * tenant is what it guards against, not an exact quota across instances).
 */
export class PerMinuteLimit {
  private readonly windows = new Map<number | string, { minute: number; used: number }>();

  constructor(private readonly limit: number) {}

  /** Takes one use; false when the key has used up its minute. */
  take(key: number | string, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    const window = this.windows.get(key);
    if (!window || window.minute !== minute) {
      // Old windows go as new minutes start, so the map holds only the keys seen this minute.
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(key, { minute, used: 1 });
      return true;
    }
    if (window.used >= this.limit) return false;
    window.used += 1;
    return true;
  }
}
