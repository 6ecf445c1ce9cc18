import { Messages } from '@vp/contract';
import { AppError, TooManyRequestsError } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { HASH_WORKERS } from './scrypt-pool.ts';

/**
 * Admission to password hashing, in this process. Every check costs a 128 MiB scrypt run, so one
 * account from one address, and one address, may only have a few in flight, and the whole process
 * only as many as it has hashing workers, each with a short queue. Whoever finds a queue full is
 * refused at once rather than left to wait: 429 for the address, 503 when the server as a whole is
 * saturated. Nothing is keyed by the account alone: a burst aimed at an account from elsewhere must
 * not hold its owner's own check in the queue.
 * The database limits (login-limit.ts) decide how many guesses are allowed; this decides how many
 * run at the same time.
 */

export class QueueFullError extends Error {}

/** A counting semaphore whose queue has a fixed length. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
  ) {}

  get idle(): boolean {
    return this.active === 0 && this.queue.length === 0;
  }

  /** Resolves once a slot is held; throws QueueFullError when the queue is already full. */
  async acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    if (this.queue.length >= this.queueLength) throw new QueueFullError();
    // The releasing holder hands its slot straight over, so `active` stays as it is.
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}

export interface GateLimits {
  /** Concurrent checks per account and address, and per address, and how many more may wait. */
  perKey: { concurrency: number; queue: number };
  overall: { concurrency: number; queue: number };
}

export const DEFAULT_GATE_LIMITS: GateLimits = {
  perKey: { concurrency: 1, queue: 4 },
  overall: { concurrency: HASH_WORKERS, queue: 8 },
};

export interface GateScope {
  account?: string;
  address?: string;
}

export const serverBusy = () => new AppError(503, Messages.serverBusy);

export class PasswordGate {
  private readonly keyed = new Map<string, Semaphore>();
  private readonly overall: Semaphore;

  constructor(private readonly limits: GateLimits = DEFAULT_GATE_LIMITS) {
    this.overall = new Semaphore(limits.overall.concurrency, limits.overall.queue);
  }

  /** Runs `task` once the account, the address and the process each grant a slot. */
  async run<T>(scope: GateScope, task: () => Promise<T>): Promise<T> {
    // Always the pair, then the address, then overall: one order for everyone cannot deadlock.
    const keys = [
      ...(scope.account !== undefined ? [`pair:${scope.account.toLowerCase()}|${scope.address ?? ''}`] : []),
      ...(scope.address !== undefined ? [`address:${scope.address}`] : []),
    ];
    const held: Semaphore[] = [];
    try {
      for (const key of keys) {
        const semaphore = this.semaphore(key);
        await take(semaphore, () => new TooManyRequestsError(Messages.tooManyChecksAtOnce, 1));
        held.push(semaphore);
      }
      await take(this.overall, serverBusy);
      held.push(this.overall);
      return await task();
    } finally {
      for (const semaphore of held.reverse()) semaphore.release();
      for (const key of keys) if (this.keyed.get(key)?.idle) this.keyed.delete(key);
    }
  }

  /** How many pairs and addresses have checks running or waiting (kept small by pruning). */
  get trackedKeys(): number {
    return this.keyed.size;
  }

  private semaphore(key: string): Semaphore {
    let semaphore = this.keyed.get(key);
    if (!semaphore) {
      semaphore = new Semaphore(this.limits.perKey.concurrency, this.limits.perKey.queue);
      this.keyed.set(key, semaphore);
    }
    return semaphore;
  }
}

async function take(semaphore: Semaphore, refusal: () => Error): Promise<void> {
  try {
    await semaphore.acquire();
  } catch (err) {
    throw err instanceof QueueFullError ? refusal() : err;
  }
}

/** The process's one gate: the hashing workers it protects are per process too. */
export const passwordGate = new PasswordGate();

/** Hashes a new password (registration, reset, change) under the same gate as every check. */
export function hashPasswordGated(password: string, who: GateScope): Promise<string> {
  return passwordGate.run(who, () => hashPassword(password));
}
