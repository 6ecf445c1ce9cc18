import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';

/**
 * Where file contents live: local disk (default) or an S3-compatible bucket, behind one interface.
 * Keys are made by the server (`newStorageKey`), never from a user's file name.
 *
 * An upload is first staged as a local file (hashed, measured and size-limited as it streams in),
 * checked, then committed: a rename on disk, a completed put on S3. Only then is its row written;
 * if that fails the object is deleted, and `sweepOrphans` removes what a crash left between the two.
 */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Moves a staged file into storage under `key`; the staged file is gone afterwards. */
  commit(stagedPath: string, key: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  list(): AsyncIterable<StoredObject>;
  /** Directory of staged uploads, on local disk either way. */
  readonly stagingDir: string;
}

export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`upload over ${limit} bytes`);
  }
}

/** A fresh key for a vendor's file: random, so neither names nor ids can be guessed from it. */
export function newStorageKey(vendorId: number): string {
  return `v${vendorId}/${crypto.randomUUID()}`;
}

const KEY_PATTERN = /^v\d+\/[0-9a-f-]{36}$/;

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
}

export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, for type sniffing. */
  head: Buffer;
}

const HEAD_BYTES = 4100;

/**
 * Streams `source` into a staged file, hashing and counting as it goes; past `maxBytes` it stops
 * and throws UploadTooLargeError. The staged file is removed on any failure.
 */
export async function stageStream(
  storage: FileStorage,
  source: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  await fsp.mkdir(storage.stagingDir, { recursive: true });
  const file = path.join(storage.stagingDir, `${crypto.randomUUID()}.part`);
  const hash = crypto.createHash('sha256');
  let size = 0;
  const heads: Buffer[] = [];
  let headLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new UploadTooLargeError(maxBytes));
      if (headLength < HEAD_BYTES) {
        heads.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const sink = fs.createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(source, meter, sink);
    return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(heads) };
  } catch (err) {
    // A body cut short can fail the pipeline while the file is still being opened: removing it
    // before its stream has closed would leave the file it then creates behind.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await fsp.rm(file, { force: true });
    throw err;
  }
}

export async function discardStaged(staged: StagedFile | null): Promise<void> {
  if (staged) await fsp.rm(staged.path, { force: true });
}

class DiskStorage implements FileStorage {
  readonly kind = 'disk';
  readonly stagingDir: string;
  constructor(private readonly root: string) {
    this.stagingDir = path.join(root, '.staging');
  }
  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }
  async commit(stagedPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(stagedPath, target);
  }
  async putBuffer(key: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(this.stagingDir, { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const staged = path.join(this.stagingDir, `${crypto.randomUUID()}.part`);
    try {
      await fsp.writeFile(staged, data, { flag: 'wx' });
      await fsp.rename(staged, target);
    } finally {
      await fsp.rm(staged, { force: true });
    }
  }
  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream();
  }
  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
  async exists(key: string): Promise<boolean> {
    return fsp.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
  async *list(): AsyncIterable<StoredObject> {
    let dirs: string[];
    try {
      dirs = await fsp.readdir(this.root);
    } catch {
      return;
    }
    for (const dir of dirs) {
      if (!/^v\d+$/.test(dir)) continue;
      for (const name of await fsp.readdir(path.join(this.root, dir))) {
        const key = `${dir}/${name}`;
        if (!KEY_PATTERN.test(key)) continue;
        const stat = await fsp.stat(path.join(this.root, key)).catch(() => null);
        if (stat) yield { key, modifiedAt: stat.mtime };
      }
    }
  }
}

class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private ready: Promise<void> | null = null;
  constructor(
    private readonly s3: S3Config,
    readonly stagingDir: string,
  ) {
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Plain bodies: the SDK's default streams a put as aws-chunked with a trailing checksum, which
      // not every S3-compatible server understands (some store the chunk framing as the content).
      // The portal hashes every file itself and records its SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  /** Creates the bucket when it does not exist yet, once. */
  private bucket(): Promise<void> {
    this.ready ??= this.client
      .send(new HeadBucketCommand({ Bucket: this.s3.bucket }))
      .then(
        () => undefined,
        () => this.client.send(new CreateBucketCommand({ Bucket: this.s3.bucket })).then(() => undefined),
      )
      .catch((err: unknown) => {
        this.ready = null;
        throw err;
      });
    return this.ready;
  }
  async commit(stagedPath: string, key: string, contentType: string): Promise<void> {
    assertKey(key);
    await this.bucket();
    const { size } = await fsp.stat(stagedPath);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.s3.bucket,
          Key: key,
          Body: fs.createReadStream(stagedPath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      await fsp.rm(stagedPath, { force: true });
    }
  }
  async putBuffer(key: string, data: Uint8Array, contentType: string): Promise<void> {
    assertKey(key);
    await this.bucket();
    await this.client.send(
      new PutObjectCommand({ Bucket: this.s3.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }
  async get(key: string): Promise<Readable> {
    assertKey(key);
    await this.bucket();
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
    return out.Body as Readable;
  }
  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.bucket();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }
  async exists(key: string): Promise<boolean> {
    assertKey(key);
    await this.bucket();
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return true;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return false;
      throw err;
    }
  }
  async *list(): AsyncIterable<StoredObject> {
    await this.bucket();
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.s3.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && KEY_PATTERN.test(o.Key)) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** Disk under `filesDir`, or S3 when configured (staging still goes to `filesDir/.staging`). */
export function createStorage(filesDir: string, s3: S3Config | null): FileStorage {
  return s3 ? new S3Storage(s3, path.join(filesDir, '.staging')) : new DiskStorage(filesDir);
}

/**
 * Removes what a crash can leave: staged files older than `graceMs`, and stored objects older than
 * `graceMs` whose key no row holds. `keysInUse` answers which of the given keys have rows.
 */
export async function sweepOrphans(
  storage: FileStorage,
  keysInUse: (keys: string[]) => Promise<Set<string>>,
  graceMs: number,
  now = Date.now(),
): Promise<{ staged: number; objects: number }> {
  let staged = 0;
  let objects = 0;
  const entries = await fsp.readdir(storage.stagingDir).catch(() => [] as string[]);
  for (const name of entries) {
    const file = path.join(storage.stagingDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs >= graceMs) {
      await fsp.rm(file, { force: true });
      staged++;
    }
  }
  let batch: string[] = [];
  const flush = async () => {
    const used = await keysInUse(batch);
    for (const key of batch) {
      if (!used.has(key)) {
        await storage.delete(key);
        objects++;
      }
    }
    batch = [];
  };
  for await (const o of storage.list()) {
    if (now - o.modifiedAt.getTime() < graceMs) continue;
    batch.push(o.key);
    if (batch.length >= 500) await flush();
  }
  if (batch.length) await flush();
  return { staged, objects };
}
