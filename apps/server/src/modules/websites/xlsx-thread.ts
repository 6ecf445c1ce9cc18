import { Worker } from 'node:worker_threads';

/**
 * Spreadsheets are zipped on a thread of their own (xlsx-worker.mjs), started on the first export
 * and shared by every export after it. Building rows, shared strings and XML and deflating them is
 * as much work as reading the rows; on the main thread it would wait for the database and the
 * database for it, and every other request for both. The file beside this one is copied next to
 * the bundle by the build, so the same URL finds it in both.
 */
const WORKER_URL = new URL('./xlsx-worker.mjs', import.meta.url);
/** The writer thread's young generation (V8's nursery), in MB. */
const YOUNG_GENERATION_MB = 192;

export interface SheetSpec {
  sheet: string;
  widths: number[];
  headers: string[];
  /**
   * The columns (from 0) whose cells come as ISO days (`YYYY-MM-DD`): they are written as dates a
   * spreadsheet program sorts and filters as dates, shown MM/DD/YYYY as on screen.
   */
  dates?: number[];
}

/** One file being written: rows go in a batch at a time, its bytes come out through `onBytes`. */
export interface XlsxFile {
  /**
   * A batch of rows, one JSON array of cells per line (null for an empty cell). Resolves once the
   * thread has written it, so a caller keeps at most one in flight.
   */
  rows(lines: string): Promise<void>;
  /** Resolves once the file's last bytes have been handed to `onBytes`. */
  end(): Promise<void>;
  /** Forgets the file (its client has gone). */
  drop(): void;
}

type FromWorker =
  | { kind: 'bytes'; id: number; bytes: Uint8Array }
  | { kind: 'taken' | 'done'; id: number }
  | { kind: 'failed'; id: number; message: string };

interface Open {
  onBytes(bytes: Uint8Array): void;
  waiting: { resolve(): void; reject(err: Error): void } | null;
}

class XlsxThread {
  private worker: Worker | null = null;
  private readonly files = new Map<number, Open>();
  private nextId = 1;

  open(spec: SheetSpec, onBytes: (bytes: Uint8Array) => void): XlsxFile {
    const worker = this.started();
    const id = this.nextId++;
    const file: Open = { onBytes, waiting: null };
    this.files.set(id, file);
    worker.postMessage({ kind: 'open', id, ...spec });
    const wait = (message: object) =>
      new Promise<void>((resolve, reject) => {
        if (!this.files.has(id)) return reject(new Error('spreadsheet writer stopped'));
        file.waiting = { resolve, reject };
        worker.postMessage(message);
      });
    return {
      rows: (lines) => wait({ kind: 'rows', id, lines }),
      end: () => wait({ kind: 'end', id }),
      drop: () => {
        if (this.files.delete(id)) worker.postMessage({ kind: 'drop', id });
      },
    };
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // Writing a sheet makes many short-lived strings and arrays; a young generation larger than
    // the default lets most of them die there, which halves the time spent collecting them.
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // An idle writer does not keep the process alive.
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(message));
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const file of this.files.values()) file.waiting?.reject(err);
      this.files.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`spreadsheet writer exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    const file = this.files.get(message.id);
    if (!file) return;
    if (message.kind === 'bytes') return file.onBytes(message.bytes);
    const waiting = file.waiting;
    file.waiting = null;
    if (message.kind === 'failed') {
      this.files.delete(message.id);
      return waiting?.reject(new Error(message.message));
    }
    if (message.kind === 'done') this.files.delete(message.id);
    waiting?.resolve();
  }
}

const thread = new XlsxThread();

export function openXlsxFile(spec: SheetSpec, onBytes: (bytes: Uint8Array) => void): XlsxFile {
  return thread.open(spec, onBytes);
}

/**
 * Starts the thread and has it write a small throwaway file, so that the first real export does
 * not wait for the writer to load and warm up. For the server's start, not for every app built.
 */
export async function warmXlsxThread(rows = 2_000): Promise<void> {
  const file = thread.open(
    { sheet: 'Warm-up', widths: [20, 20], headers: ['A', 'B'], dates: [1] },
    () => undefined,
  );
  const line = JSON.stringify(['warm-up.example.com', '2026-01-01']);
  await file.rows(Array.from({ length: rows }, () => line).join('\n'));
  await file.end();
}
