import {
  LIVE_CLOSE_ORIGIN,
  LIVE_CLOSE_REFUSED,
  LIVE_MAX_RECONNECTS,
  LIVE_RECONNECT_DELAY_MS,
  LIVE_START_DELAY_MS,
  LIVE_SUBSCRIBED,
  LIVE_TOKEN_POLL_MS,
  type LiveEvent,
} from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLiveEvent } from './event-check.ts';
import { createLiveClient, type LiveCredentials, type LiveSocket, type ReadEvent } from './live-client.ts';

/** A socket the test opens, answers and closes by hand. */
class FakeSocket implements LiveSocket {
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  sent: unknown[] = [];
  closedByClient: number | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedByClient = code ?? 1000;
  }
  open() {
    this.onopen?.({});
  }
  say(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
}

const event: LiveEvent = {
  type: 'website',
  context: 'website',
  siteId: 7,
  username: 'carol',
  action: 'update',
};

function setup(
  initial: LiveCredentials | null = { token: 'tok', vendorId: 3 },
  loadCheck?: () => Promise<ReadEvent>,
) {
  let credentials = initial;
  const sockets: FakeSocket[] = [];
  const onEvent = vi.fn();
  const onCatchUp = vi.fn();
  const onGiveUp = vi.fn();
  const onOriginRefused = vi.fn();
  const client = createLiveClient({
    url: () => 'ws://portal.test/api/websocket',
    credentials: () => credentials,
    onEvent,
    onCatchUp,
    onGiveUp,
    onOriginRefused,
    loadCheck,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  return {
    client,
    sockets,
    last: () => sockets.at(-1)!,
    onEvent,
    onCatchUp,
    onGiveUp,
    onOriginRefused,
    setCredentials: (c: LiveCredentials | null) => {
      credentials = c;
    },
  };
}

/** Starts the client and lets the poll and the start delay pass. */
function started(t: ReturnType<typeof setup>) {
  t.client.start();
  vi.advanceTimersByTime(LIVE_TOKEN_POLL_MS + LIVE_START_DELAY_MS);
  return t;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live client', () => {
  it('waits for a token and a vendor (100 ms poll), then 2 s, then connects and authenticates', () => {
    const t = setup(null);
    t.client.start();
    vi.advanceTimersByTime(10_000);
    expect(t.sockets).toHaveLength(0);
    expect(t.client.state()).toBe('waiting');

    t.setCredentials({ token: 'tok', vendorId: 3 });
    vi.advanceTimersByTime(LIVE_TOKEN_POLL_MS);
    vi.advanceTimersByTime(LIVE_START_DELAY_MS - 1);
    expect(t.sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('ws://portal.test/api/websocket');

    t.last().open();
    expect(t.last().sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 3 }]);
    t.last().say(LIVE_SUBSCRIBED);
    expect(t.client.state()).toBe('subscribed');
    // The first subscription has nothing to catch up on.
    expect(t.onCatchUp).not.toHaveBeenCalled();
  });

  it('hands on valid events and ignores anything else', async () => {
    const t = started(setup());
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.last().say(JSON.stringify(event));
    t.last().say('not json');
    t.last().say(JSON.stringify({ ...event, type: 'gossip' }));
    t.last().say(JSON.stringify({ hello: 1 }));
    t.last().onmessage?.({ data: new ArrayBuffer(4) });
    await vi.waitFor(() => expect(t.onEvent).toHaveBeenCalled());
    const later = { ...event, siteId: 8, tab: 'tab-0001' };
    t.last().say(JSON.stringify(later));
    t.last().say(JSON.stringify({ ...later, tab: 'no tabs allowed' }));
    // Once the check has loaded, an event is handed on as it arrives.
    expect(t.onEvent.mock.calls).toEqual([[event], [later]]);
  });

  it('loads the check of an event once, with the first event, and hands on those that waited in order', async () => {
    let loaded: (check: ReadEvent) => void = () => undefined;
    const loadCheck = vi.fn(() => new Promise<ReadEvent>((resolve) => (loaded = resolve)));
    const t = started(setup(undefined, loadCheck));
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    expect(loadCheck).not.toHaveBeenCalled();
    const second = { ...event, siteId: 8 };
    t.last().say(JSON.stringify(event));
    t.last().say(JSON.stringify({ hello: 1 }));
    t.last().say(JSON.stringify(second));
    expect(loadCheck).toHaveBeenCalledTimes(1);
    expect(t.onEvent).not.toHaveBeenCalled();
    loaded(readLiveEvent);
    await vi.waitFor(() => expect(t.onEvent.mock.calls).toEqual([[event], [second]]));
    t.last().say(JSON.stringify(event));
    expect(loadCheck).toHaveBeenCalledTimes(1);
    expect(t.onEvent).toHaveBeenCalledTimes(3);
  });

  it('drops the waiting events of a socket closed before the check loaded', async () => {
    let loaded: (check: ReadEvent) => void = () => undefined;
    const t = started(setup(undefined, () => new Promise<ReadEvent>((resolve) => (loaded = resolve))));
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.last().say(JSON.stringify(event));
    t.client.stop();
    loaded(readLiveEvent);
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    started(t);
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    const second = { ...event, siteId: 8 };
    t.last().say(JSON.stringify(second));
    // The check is there now, so the new socket's event is handed on at once; the old one's never.
    expect(t.onEvent.mock.calls).toEqual([[second]]);
  });

  it('reads everything again when the check cannot be loaded, and tries the load again with the next event', async () => {
    const loadCheck = vi
      .fn<() => Promise<ReadEvent>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(readLiveEvent);
    const t = started(setup(undefined, loadCheck));
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.last().say(JSON.stringify(event));
    await vi.waitFor(() => expect(t.onCatchUp).toHaveBeenCalledTimes(1));
    expect(t.onEvent).not.toHaveBeenCalled();
    t.last().say(JSON.stringify(event));
    await vi.waitFor(() => expect(t.onEvent.mock.calls).toEqual([[event]]));
    expect(loadCheck).toHaveBeenCalledTimes(2);
  });

  it('reconnects 5 s after a close, catches up once subscribed again, and counts afresh after that', () => {
    const t = started(setup());
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.last().drop();
    expect(t.client.state()).toBe('reconnecting');
    vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS - 1);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.last().sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 3 }]);
    t.last().say(LIVE_SUBSCRIBED);
    expect(t.onCatchUp).toHaveBeenCalledTimes(1);

    // A working connection resets the count: ten more losses are tried again before giving up.
    for (let i = 0; i < LIVE_MAX_RECONNECTS; i++) {
      t.last().drop();
      vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS);
    }
    expect(t.onGiveUp).not.toHaveBeenCalled();
  });

  it(`tries ${LIVE_MAX_RECONNECTS} reconnects, then gives up and says so once`, () => {
    const t = started(setup());
    t.last().drop();
    for (let i = 0; i < LIVE_MAX_RECONNECTS; i++) {
      vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS);
      t.last().drop();
    }
    expect(t.sockets).toHaveLength(1 + LIVE_MAX_RECONNECTS);
    expect(t.client.state()).toBe('gave-up');
    expect(t.onGiveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1 + LIVE_MAX_RECONNECTS);
  });

  it('never reconnects after 1011 (token or vendor refused)', () => {
    const t = started(setup());
    t.last().open();
    t.last().drop(LIVE_CLOSE_REFUSED);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.client.state()).toBe('refused');
    expect(t.onGiveUp).not.toHaveBeenCalled();
    // Not with the same credentials; a new login or vendor may try again.
    t.client.sync();
    expect(t.sockets).toHaveLength(1);
    t.setCredentials({ token: 'tok', vendorId: 4 });
    t.client.sync();
    expect(t.sockets).toHaveLength(2);
  });

  it("says once why live updates are off when the server does not accept the page's address (4403)", () => {
    const t = started(setup());
    t.last().drop(LIVE_CLOSE_ORIGIN, 'http://localhost:8080');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.client.state()).toBe('refused');
    expect(t.onOriginRefused).toHaveBeenCalledTimes(1);
    expect(t.onOriginRefused).toHaveBeenCalledWith('http://localhost:8080');
    expect(t.onGiveUp).not.toHaveBeenCalled();
  });

  it('a vendor switch closes the socket and authenticates a new one for the new vendor at once', () => {
    const t = started(setup());
    const first = t.last();
    first.open();
    first.say(LIVE_SUBSCRIBED);
    t.setCredentials({ token: 'tok', vendorId: 9 });
    t.client.sync();
    expect(first.closedByClient).toBe(1000);
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.last().sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 9 }]);
    // The old socket's late close is not a loss: nothing is scheduled for it.
    first.drop();
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(2);
    t.last().say(LIVE_SUBSCRIBED);
    expect(t.onCatchUp).not.toHaveBeenCalled();
  });

  it('a vendor switch during a reconnect wait connects with the new vendor, with a fresh count', () => {
    const t = started(setup());
    t.last().drop();
    t.setCredentials({ token: 'tok', vendorId: 9 });
    t.client.sync();
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.last().sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 9 }]);
    vi.advanceTimersByTime(LIVE_RECONNECT_DELAY_MS);
    expect(t.sockets).toHaveLength(2);
  });

  it('a logout closes the socket and waits for the next login, then 2 s', () => {
    const t = started(setup());
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.setCredentials(null);
    t.client.sync();
    expect(t.sockets[0]!.closedByClient).toBe(1000);
    expect(t.client.state()).toBe('waiting');
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(1);
    t.setCredentials({ token: 'next', vendorId: 3 });
    vi.advanceTimersByTime(LIVE_TOKEN_POLL_MS + LIVE_START_DELAY_MS);
    expect(t.sockets).toHaveLength(2);
    t.last().open();
    expect(t.last().sent).toEqual([{ action: 'AUTHENTICATE', token: 'next', vendorId: 3 }]);
  });

  it('stop closes everything and schedules nothing', () => {
    const t = started(setup());
    t.last().open();
    t.client.stop();
    expect(t.sockets[0]!.closedByClient).toBe(1000);
    t.sockets[0]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.client.state()).toBe('idle');
  });
});
