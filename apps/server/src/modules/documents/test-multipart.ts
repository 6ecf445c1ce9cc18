import crypto from 'node:crypto';

/**
 * Multipart bodies written by hand, so a test can send what no browser would: two files, a part
 * without its end, a body cut short.
 */
export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; data: Buffer | string; type?: string };
}

export function multipart(parts: Part[], options: { truncateAt?: number; omitEnd?: boolean } = {}) {
  const boundary = `----vp${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\n` +
            `Content-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(p.file.data) ? p.file.data : Buffer.from(p.file.data));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  if (!options.omitEnd) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.truncateAt !== undefined) payload = payload.subarray(0, options.truncateAt);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small files whose bytes are what their extensions say. */
export const samples = {
  pdf: (extra = 0) =>
    Buffer.concat([
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.alloc(extra, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]),
  png: () =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
      Buffer.from('0000000049454e44ae426082', 'hex'),
    ]),
  jpg: () => Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  gif: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  cfb: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 0)]),
  txt: () => Buffer.from('Broker office list\nSummit Realty, Denver\n'),
  csv: () => Buffer.from('name,city\nSummit Realty,Denver\n'),
};
