import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * scrypt runs on a few dedicated worker threads instead of libuv's thread pool. That pool (four
 * threads) also serves file reads, DNS and compression, so a handful of 128 MiB hashes would
 * otherwise stall every static file. Two workers fit two cores and bound the memory at 256 MiB; the
 * password gate decides who may queue for them.
 */
export const HASH_WORKERS = 2;

// Inline source, so the bundled server needs no separate worker file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  try {
    const key = crypto.scryptSync(password, salt, keylen, options);
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

interface Task {
  id: number;
  password: string;
  salt: Uint8Array;
  keylen: number;
  options: ScryptOptions;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

type Reply = { id: number; key: Uint8Array } | { id: number; error: string };

export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;

  constructor(private readonly size = HASH_WORKERS) {}

  hash(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, password, salt, keylen, options, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the workers; tasks still running or waiting fail. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const task of this.waiting.splice(0)) task.reject(new Error('scrypt pool closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.waiting.shift()!;
      slot.task = task;
      // A busy worker keeps the process alive (a seed awaiting its hashes); an idle one does not.
      slot.worker.ref();
      const { id, password, salt, keylen, options } = task;
      slot.worker.postMessage({ id, password, salt, keylen, options });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const slot: Slot = { worker, task: null };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      worker.unref();
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(Buffer.from(reply.key.buffer, reply.key.byteOffset, reply.key.byteLength));
      this.dispatch();
    });
    const lost = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.task?.reject(err);
      slot.task = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`scrypt worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}
