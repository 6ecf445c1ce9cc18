import {
  LIVE_CLOSE_REFUSED,
  LIVE_MAX_RECONNECTS,
  LIVE_RECONNECT_DELAY_MS,
  LIVE_START_DELAY_MS,
  LIVE_SUBSCRIBED,
  LIVE_TOKEN_POLL_MS,
  type LiveEvent,
} from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, type LiveCredentials, type LiveSocket } from './live-client.ts';

/** A socket the test opens, answers and closes by hand. */
class FakeSocket implements LiveSocket {
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
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
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const event: LiveEvent = {
  type: 'website',
  context: 'website',
  siteId: 7,
  username: 'carol',
  action: 'update',
};

function setup(initial: LiveCredentials | null = { token: 'tok', vendorId: 3 }) {
  let credentials = initial;
  const sockets: FakeSocket[] = [];
  const onEvent = vi.fn();
  const onCatchUp = vi.fn();
  const onGiveUp = vi.fn();
  const client = createLiveClient({
    url: () => 'ws://portal.test/api/websocket',
    credentials: () => credentials,
    onEvent,
    onCatchUp,
    onGiveUp,
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

  it('hands on valid events and ignores anything else', () => {
    const t = started(setup());
    t.last().open();
    t.last().say(LIVE_SUBSCRIBED);
    t.last().say(JSON.stringify(event));
    t.last().say('not json');
    t.last().say(JSON.stringify({ ...event, type: 'gossip' }));
    t.last().say(JSON.stringify({ hello: 1 }));
    t.last().onmessage?.({ data: new ArrayBuffer(4) });
    expect(t.onEvent.mock.calls).toEqual([[event]]);
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
