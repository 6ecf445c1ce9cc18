import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server accepted it: the envelope and the raw message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  header(name: string): string | undefined;
}

/** A real SMTP server on a local port, recording every message it accepts. */
export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops accepting connections (mail waits in the queue). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

function parseHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let actualPort = port;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping does not wait for the client's pooled connections to leave.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            decoded: raw
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            header: (name) => parseHeader(raw, name),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(actualPort, '127.0.0.1', () => resolve());
    });
    actualPort = (server!.server.address() as AddressInfo).port;
  };
  await listen();

  return {
    get port() {
      return actualPort;
    },
    get url() {
      return `smtp://127.0.0.1:${actualPort}`;
    },
    received,
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
