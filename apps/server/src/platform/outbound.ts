import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';

/**
 * Every request the server makes to another server goes through here (the compliance checks of
 * licensed websites, the roster sync, webhook deliveries), so the rules are in one place:
 *
 * - http and https only, no credentials in the address;
 * - the host name is resolved here and the connection goes to the address that was checked (no
 *   second lookup an attacker's DNS could answer differently); only public unicast addresses pass,
 *   never loopback, private, link-local (cloud metadata included), multicast or reserved ranges;
 * - a redirect is a new request: its address is checked again, and the caller decides whether it
 *   may be followed at all;
 * - a body is read up to a cap, the whole exchange has a time limit, a few requests run at once and
 *   one at a time per host, and the User-Agent names the portal.
 *
 * For tests and benches only, `OUTBOUND_RESOLVE` maps host names to an address and port (as curl's
 * --resolve and --connect-to do), `OUTBOUND_ALLOW_PRIVATE` lets private and loopback addresses
 * through (link-local and metadata addresses never pass), and `OUTBOUND_CA` names a PEM file of
 * certificate authorities trusted besides the system's.
 */

export interface OutboundConfig {
  userAgent: string;
  allowPrivate: boolean;
  /** `host` or `host:port` → where to connect instead. */
  resolve: ReadonlyMap<string, { address: string; port: number | null }>;
  /** Extra certificate authorities (PEM), trusted besides Node's own. */
  ca: string | null;
  timeoutMs: number;
  maxBytes: number;
  /** Requests under way at once, all hosts together. */
  concurrency: number;
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  concurrency: 8,
} as const;

export type RefusalReason = 'scheme' | 'address' | 'redirect' | 'too-large' | 'timeout' | 'unreachable';

/** A request the rules refused, or one that could not be completed; `reason` says which. */
export class OutboundError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** Cloud metadata services outside the link-local range (AWS's IPv6 one), refused always. */
const METADATA = [ipaddr.parse('fd00:ec2::254')];

/** The IPv4 and IPv6 ranges of ipaddr.js that `OUTBOUND_ALLOW_PRIVATE` lets through. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/**
 * Whether a server may be reached at this address: public unicast only; with `allowPrivate`, also
 * private and loopback ranges. Link-local addresses (169.254.0.0/16, where cloud metadata answers,
 * and fe80::/10) and everything else never pass. IPv4 written as IPv6 is judged as IPv4.
 */
export function addressAllowed(address: string, allowPrivate = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (METADATA.some((m) => m.kind() === ip.kind() && m.toString() === ip.toString())) return false;
  const range = ip.range();
  return range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range));
}

/**
 * `OUTBOUND_RESOLVE`: comma-separated `host[:port]=address[:port]` (an IPv6 address in brackets),
 * e.g. `shop.example:443=127.0.0.1:41234,cdn.example=10.0.0.7`; the host `*` stands for every
 * other name.
 */
export function parseResolve(
  text: string | undefined,
): Map<string, { address: string; port: number | null }> {
  const map = new Map<string, { address: string; port: number | null }>();
  for (const entry of (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)=(\[[0-9a-fA-F:.]+\]|[^:\s]+)(?::(\d{1,5}))?$/.exec(entry);
    const address = match?.[2]?.replace(/^\[|\]$/g, '');
    if (!match || !address || !isIP(address))
      throw new Error(`Invalid OUTBOUND_RESOLVE entry "${entry}": expected host[:port]=address[:port]`);
    map.set(match[1]!.toLowerCase(), { address, port: match[3] ? Number(match[3]) : null });
  }
  return map;
}

/** A counting gate: at most `size` holders at once, the rest wait in order. */
export class Gate {
  private used = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async enter(): Promise<() => void> {
    if (this.used >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.used++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.queue.shift();
      if (next) next();
      else this.used--;
    };
  }
  get idle(): boolean {
    return this.used === 0 && this.queue.length === 0;
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** The body's cap for this request (bytes); the configured one by default. */
  maxBytes?: number;
  timeoutMs?: number;
  /** Whether a redirect to this address is followed; none is by default. */
  followRedirect?: (next: URL) => boolean;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The address finally answered, after any redirects followed. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The addresses redirected through, in order, the first asked included. */
  redirects: string[];
  /** From the first request to the last byte read. */
  ms: number;
  /** The network address the last answer came from. */
  remoteAddress: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export type Outbound = ReturnType<typeof createOutbound>;

export function createOutbound(config: OutboundConfig) {
  const all = new Gate(config.concurrency);
  const hosts = new Map<string, Gate>();
  /** The address each origin's connections went to, for the record of what was read. */
  const connectedTo = new Map<string, string>();

  /** Where a connection to `host:port` goes, once the rules allow it. */
  async function destination(host: string, port: number): Promise<{ address: string; port: number }> {
    const name = host.toLowerCase().replace(/^\[|\]$/g, '');
    const mapped =
      config.resolve.get(`${name}:${port}`) ?? config.resolve.get(name) ?? config.resolve.get('*');
    let addresses: string[];
    if (mapped) addresses = [mapped.address];
    else if (isIP(name)) addresses = [name];
    else {
      try {
        addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
      } catch {
        throw new OutboundError('unreachable', `The name ${name} could not be resolved.`);
      }
    }
    // Every address the name has must be allowed: one public answer does not excuse a private one.
    const refused = addresses.find((a) => !addressAllowed(a, config.allowPrivate));
    if (refused !== undefined || addresses.length === 0)
      throw new OutboundError(
        'address',
        `${name} resolves to ${refused ?? 'no address'}, which is not reachable from here.`,
      );
    return { address: addresses[0]!, port: mapped?.port ?? port };
  }

  const baseConnect = buildConnector({ ...(config.ca ? { ca: config.ca } : {}), timeout: config.timeoutMs });
  const agent = new Agent({
    connections: 4,
    // The address checked is the one connected to; the host name stays the TLS server name.
    connect: (options, callback) => {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      destination(options.hostname, port).then(
        (to) => {
          connectedTo.set(`${options.protocol}//${options.hostname.toLowerCase()}:${port}`, to.address);
          baseConnect(
            {
              ...options,
              hostname: to.address,
              port: String(to.port),
              servername: options.servername ?? (isIP(options.hostname) ? undefined : options.hostname),
            },
            callback,
          );
        },
        (err: Error) => callback(err, null),
      );
    },
  });

  function checkAddress(url: URL): void {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OutboundError('scheme', `Only http and https addresses are read, not ${url.protocol}`);
    if (url.username || url.password)
      throw new OutboundError('scheme', 'An address with a user name or password is not read.');
  }

  async function once(url: URL, req: OutboundRequest, signal: AbortSignal, maxBytes: number) {
    const res = await request(url, {
      dispatcher: agent,
      method: req.method ?? 'GET',
      headers: { 'user-agent': config.userAgent, ...req.headers },
      body: req.body,
      signal,
    });
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const remoteAddress = connectedTo.get(`${url.protocol}//${url.hostname.toLowerCase()}:${port}`) ?? null;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    if (REDIRECTS.has(res.statusCode)) {
      await res.body.dump();
      return { status: res.statusCode, headers, body: Buffer.alloc(0), remoteAddress };
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.body.destroy();
      throw new OutboundError(
        'too-large',
        `The answer is ${declared} bytes, more than ${maxBytes} are read.`,
      );
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new OutboundError('too-large', `The answer is more than the ${maxBytes} bytes that are read.`);
      }
      parts.push(chunk as Buffer);
    }
    return { status: res.statusCode, headers, body: Buffer.concat(parts), remoteAddress };
  }

  /** One request, following only the redirects `followRedirect` allows, within the limits. */
  async function send(address: string | URL, req: OutboundRequest = {}): Promise<OutboundResponse> {
    let url = new URL(address);
    checkAddress(url);
    const timeoutMs = req.timeoutMs ?? config.timeoutMs;
    const redirects = [url.toString()];
    const leaveAll = await all.enter();
    // The time limit and the time taken count from here: waiting for a turn at the gate is not
    // the other server's slowness, and a request sent with little of its time left would be given
    // up after the other server had taken it.
    const limit = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, limit]) : limit;
    const started = performance.now();
    try {
      for (let hop = 0; ; hop++) {
        const host = url.host.toLowerCase();
        let gate = hosts.get(host);
        if (!gate) hosts.set(host, (gate = new Gate(1)));
        const leaveHost = await gate.enter();
        let answer: Awaited<ReturnType<typeof once>>;
        try {
          answer = await once(url, req, signal, req.maxBytes ?? config.maxBytes);
        } catch (err) {
          if (err instanceof OutboundError) throw err;
          const cause = (err as { cause?: unknown }).cause;
          if (cause instanceof OutboundError) throw cause;
          if (limit.aborted)
            throw new OutboundError('timeout', `No whole answer within ${timeoutMs / 1000} s.`);
          throw new OutboundError('unreachable', `Could not be read: ${(err as Error).message}`);
        } finally {
          leaveHost();
          if (gate.idle) hosts.delete(host);
        }
        const location = answer.headers.location;
        if (!REDIRECTS.has(answer.status) || !location)
          return { url: url.toString(), ...answer, redirects, ms: Math.round(performance.now() - started) };
        const next = new URL(location, url);
        if (hop >= MAX_REDIRECTS)
          throw new OutboundError('redirect', `More than ${MAX_REDIRECTS} redirects.`);
        checkAddress(next);
        if (!req.followRedirect?.(next))
          throw new OutboundError('redirect', `Redirected to ${next.toString()}, which is not followed.`);
        url = next;
        redirects.push(url.toString());
      }
    } finally {
      leaveAll();
    }
  }

  /** Refuses (OutboundError) an address whose host is not one these rules let a request reach. */
  async function check(address: string | URL): Promise<void> {
    const url = new URL(address);
    checkAddress(url);
    await destination(url.hostname, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
  }

  return {
    send,
    check,
    close: () => agent.close(),
  };
}

/** The outbound rules of this server: its configuration, and a User-Agent naming the portal. */
export function outboundConfig(config: {
  publicUrl: string;
  outbound: Pick<OutboundConfig, 'resolve' | 'allowPrivate' | 'ca'>;
}): OutboundConfig {
  return {
    userAgent: `VendorPortal/1.0 (+${config.publicUrl})`,
    ...config.outbound,
    ...OUTBOUND_DEFAULTS,
  };
}
