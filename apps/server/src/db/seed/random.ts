/**
 * What keeps the demo data deterministic: a seeded generator for every choice and a fixed day for
 * every date, so two seeded databases hold the same rows (password salts aside).
 */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A fixed day, so seeded dates do not drift with the calendar. */
export const BASE_DAY = Date.UTC(2025, 5, 1);
export const DAY_MS = 86_400_000;
export const dayOffset = (days: number) => new Date(BASE_DAY + days * DAY_MS).toISOString().slice(0, 10);
