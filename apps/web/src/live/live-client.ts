import {
  LIVE_CLOSE_ORIGIN,
  LIVE_CLOSE_REFUSED,
  LIVE_MAX_RECONNECTS,
  LIVE_RECONNECT_DELAY_MS,
  LIVE_START_DELAY_MS,
  LIVE_SUBSCRIBED,
  LIVE_TOKEN_POLL_MS,
  type LiveAuthenticate,
  type LiveEvent,
} from '@vp/contract';
import { loadChunk } from '../lib/chunk-load.ts';

/** What the client needs of a WebSocket (the browser's, or a test's stand-in). */
export interface LiveSocket {
  onopen: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number; reason?: string }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface LiveCredentials {
  token: string;
  vendorId: number;
}

export type LiveState =
  /** Not started, or stopped. */
  | 'idle'
  /** Waiting for a token and a vendor (polled), then the start delay. */
  | 'waiting'
  | 'connecting'
  /** Open; the AUTHENTICATE message is sent and its answer awaited. */
  | 'authenticating'
  | 'subscribed'
  /** Closed unexpectedly; the next try is scheduled. */
  | 'reconnecting'
  /**
   * Closed with 1011 (the token or vendor was refused) or 4403 (this page's address is not
   * accepted). Never retried with the same ones.
   */
  | 'refused'
  /** Closed after the last allowed reconnect. */
  | 'gave-up';

/** An event read from a parsed message, or null when the message is not one. */
export type ReadEvent = (value: unknown) => LiveEvent | null;

const loadEventCheck = () => loadChunk(() => import('./event-check.ts')).then((m) => m.readLiveEvent);

export interface LiveClientOptions {
  url: () => string;
  /** The session's token and vendor, or null while there is no session or no vendor yet. */
  credentials: () => LiveCredentials | null;
  onEvent: (event: LiveEvent) => void;
  /** Subscribed again after a lost connection: whatever happened meanwhile must be read again. */
  onCatchUp: () => void;
  /** The reconnects ran out. */
  onGiveUp: () => void;
  /** The server does not accept this page's address for the channel; `portal` is its own address. */
  onOriginRefused?: (portal: string) => void;
  createSocket?: (url: string) => LiveSocket;
  /** Loads the check of an event's shape; by default the module that holds it. */
  loadCheck?: () => Promise<ReadEvent>;
  onStateChange?: (state: LiveState) => void;
}

export interface LiveClient {
  start(): void;
  stop(): void;
  /**
   * The token or vendor may have changed (a vendor switch, a logout, another login): a socket
   * authenticated with other ones is closed, and a new one opened with the current ones.
   */
  sync(): void;
  state(): LiveState;
}

const sameCredentials = (a: LiveCredentials | null, b: LiveCredentials | null) =>
  a?.token === b?.token && a?.vendorId === b?.vendorId;

/**
 * The live channel's client (spec §4 Live channel): it connects once a token and a vendor are
 * present (polled every 100 ms, then 2 s later), authenticates, and hands on every valid event. A
 * lost connection is tried again 5 s later, at most 10 times in a row; a refusal (1011) is final
 * for those credentials. Closing it on purpose (stop, sync) never counts as a loss.
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  let state: LiveState = 'idle';
  let socket: LiveSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  /** Reconnects since the last subscription. */
  let attempts = 0;
  /** A connection was lost since the last subscription: events may have been missed. */
  let lost = false;
  /** The credentials of the socket open or last tried. */
  let active: LiveCredentials | null = null;
  /**
   * The check of an event's shape, loaded with the first event so that pages load without it.
   * Events that arrive meanwhile wait for it in order; those of a socket closed meanwhile are dropped.
   */
  let read: ReadEvent | null = null;
  let waiting: { from: LiveSocket; value: unknown }[] = [];

  function setState(next: LiveState) {
    state = next;
    options.onStateChange?.(next);
  }

  function clearTimers() {
    if (timer !== null) clearTimeout(timer);
    if (poll !== null) clearInterval(poll);
    timer = null;
    poll = null;
  }

  /** Closes the socket without hearing of it: a close made on purpose is not a loss. */
  function detach() {
    const s = socket;
    socket = null;
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close(1000);
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
  }

  function waitForCredentials() {
    setState('waiting');
    poll = setInterval(() => {
      if (!options.credentials()) return;
      clearInterval(poll!);
      poll = null;
      timer = setTimeout(() => {
        timer = null;
        connect();
      }, LIVE_START_DELAY_MS);
    }, LIVE_TOKEN_POLL_MS);
  }

  function connect() {
    const credentials = options.credentials();
    if (!credentials) {
      active = null;
      waitForCredentials();
      return;
    }
    active = credentials;
    setState('connecting');
    let s: LiveSocket;
    try {
      s = createSocket(options.url());
    } catch {
      closed(1006);
      return;
    }
    socket = s;
    s.onopen = () => {
      setState('authenticating');
      const hello: LiveAuthenticate = { action: 'AUTHENTICATE', ...credentials };
      s.send(JSON.stringify(hello));
    };
    s.onmessage = (e) => received(s, e.data);
    // An error is always followed by a close, which is where it is handled.
    s.onerror = () => undefined;
    s.onclose = (e) => {
      if (socket !== s) return;
      socket = null;
      closed(e.code, e.reason ?? '');
    };
  }

  function deliver(from: LiveSocket, value: unknown) {
    if (socket !== from || !read) return;
    const event = read(value);
    if (event) options.onEvent(event);
  }

  function checkLater(from: LiveSocket, value: unknown) {
    waiting.push({ from, value });
    if (waiting.length > 1) return;
    (options.loadCheck ?? loadEventCheck)().then(
      (check) => {
        read = check;
        const queued = waiting;
        waiting = [];
        for (const q of queued) deliver(q.from, q.value);
      },
      () => {
        // The check could not be loaded (offline, or a new release): what the events said is read
        // again instead, and the next event tries the load again.
        const lostAny = waiting.some((q) => q.from === socket);
        waiting = [];
        if (lostAny) options.onCatchUp();
      },
    );
  }

  function received(from: LiveSocket, data: unknown) {
    if (typeof data !== 'string') return;
    if (data === LIVE_SUBSCRIBED) {
      attempts = 0;
      setState('subscribed');
      if (lost) {
        lost = false;
        options.onCatchUp();
      }
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (read) deliver(from, parsed);
    else checkLater(from, parsed);
  }

  function closed(code: number, reason = '') {
    lost = true;
    if (code === LIVE_CLOSE_REFUSED) {
      setState('refused');
      return;
    }
    if (code === LIVE_CLOSE_ORIGIN) {
      setState('refused');
      options.onOriginRefused?.(reason);
      return;
    }
    if (attempts >= LIVE_MAX_RECONNECTS) {
      setState('gave-up');
      options.onGiveUp();
      return;
    }
    attempts += 1;
    setState('reconnecting');
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, LIVE_RECONNECT_DELAY_MS);
  }

  return {
    start() {
      if (state !== 'idle') return;
      attempts = 0;
      lost = false;
      waitForCredentials();
    },
    stop() {
      clearTimers();
      detach();
      active = null;
      setState('idle');
    },
    sync() {
      // Not started, or still waiting: the connection will read the credentials when it is made.
      if (state === 'idle' || state === 'waiting') return;
      const now = options.credentials();
      if (sameCredentials(now, active)) return;
      clearTimers();
      detach();
      attempts = 0;
      // A new vendor's or user's data is read afresh by whoever switched; nothing to catch up.
      lost = false;
      if (now) connect();
      else {
        active = null;
        waitForCredentials();
      }
    },
    state: () => state,
  };
}
