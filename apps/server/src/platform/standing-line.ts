/**
 * A line that stands: when even the quickest of the last second's waits was long, everyone is
 * waiting behind everyone else, whatever an estimate from rates says. One long task among quick
 * ones does not make a line stand (it is never the quickest), and too few waits tell nothing.
 */
const SLOT_MS = 250;
const SLOTS = 4;
const MIN_COUNT = 5;

export class StandingLine {
  private readonly count = new Array<number>(SLOTS).fill(0);
  private readonly quickest = new Array<number>(SLOTS).fill(Infinity);
  private slotAt: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.slotAt = Math.floor(this.now() / SLOT_MS);
  }

  /** One wait (or a request's whole time), in milliseconds, ended now. */
  record(ms: number): void {
    this.advance();
    const slot = this.slotAt % SLOTS;
    this.count[slot]! += 1;
    this.quickest[slot] = Math.min(this.quickest[slot]!, ms);
  }

  /** The quickest wait of the last second, or 0 when too few ended in it to tell. */
  ms(): number {
    this.advance();
    const count = this.count.reduce((a, b) => a + b, 0);
    return count >= MIN_COUNT ? Math.min(...this.quickest) : 0;
  }

  private advance(): void {
    const slot = Math.floor(this.now() / SLOT_MS);
    for (let s = Math.max(this.slotAt + 1, slot - SLOTS + 1); s <= slot; s++) {
      this.count[s % SLOTS] = 0;
      this.quickest[s % SLOTS] = Infinity;
    }
    this.slotAt = Math.max(this.slotAt, slot);
  }
}
