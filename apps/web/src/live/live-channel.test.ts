import {
  LIVE_START_DELAY_MS,
  LIVE_SUBSCRIBED,
  LIVE_TOKEN_POLL_MS,
  LiveMessages,
  type LiveEvent,
} from '@vp/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { resetToken, setToken } from '../lib/session.ts';
import { setVendor } from '../lib/settings.ts';
import { BURST_MAX_WAIT_MS, BURST_QUIET_MS, CATCH_UP_KEYS, coveringKeys, keysFor } from './invalidate.ts';
import { liveUrl, startLiveChannel } from './live-channel.ts';
import type { LiveSocket } from './live-client.ts';
import { onLiveEvent } from './live-events.ts';

class FakeSocket implements LiveSocket {
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  sent: unknown[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
}

const ev = (over: Partial<LiveEvent>): LiveEvent => ({
  type: 'website',
  context: 'website',
  siteId: 7,
  username: 'carol',
  action: 'update',
  ...over,
});

describe('what an event makes stale', () => {
  const always = [queryKeys.websites.all, queryKeys.dashboard.metadata, queryKeys.notifications.all];
  it.each([
    // The staff console's queue follows sites, files and notifications, not comments or contacts.
    [ev({}), [...always, queryKeys.teams.site(7), queryKeys.history.site(7), queryKeys.approvals.all]],
    [ev({ type: 'comment' }), [...always, queryKeys.comments.site(7)]],
    [ev({ type: 'comment', context: 'vendor', siteId: null }), [...always, queryKeys.comments.vendor]],
    [ev({ type: 'document' }), [...always, queryKeys.documents.all, queryKeys.approvals.all]],
    [ev({ type: 'notification', siteId: null }), [...always, queryKeys.approvals.all]],
    [ev({ type: 'contact', context: 'vendor', siteId: null }), [...always, queryKeys.contacts.all]],
  ])('%o', (event, keys) => {
    expect(keysFor(event)).toEqual(keys);
  });

  it('the address is this origin as ws or wss', () => {
    expect(liveUrl({ protocol: 'https:', host: 'portal.example:8443' })).toBe(
      'wss://portal.example:8443/api/websocket',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/websocket');
  });
});

describe('the live channel in the app', () => {
  let sockets: FakeSocket[];
  let client: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new QueryClient();
    setToken('tok');
    setVendor(null);
    // The primary vendor comes from the profile until another is chosen.
    client.setQueryData(queryKeys.profile.me, { id: 1, username: 'dana', vendor: 3 });
    stop = startLiveChannel(client, {
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    vi.advanceTimersByTime(LIVE_TOKEN_POLL_MS + LIVE_START_DELAY_MS);
    sockets[0]!.onopen?.({});
    sockets[0]!.onmessage?.({ data: LIVE_SUBSCRIBED });
  });
  afterEach(() => {
    stop();
    client.clear();
    setVendor(null);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("authenticates for the profile's vendor; an event invalidates its keys and reaches listeners", async () => {
    expect(sockets[0]!.sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 3 }]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const heard = vi.fn();
    const unlisten = onLiveEvent(heard);
    const event = ev({ type: 'comment' });
    sockets[0]!.onmessage?.({ data: JSON.stringify(event) });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith(event));
    unlisten();
    // Listeners hear it at once; its queries go stale when the channel has been quiet a moment.
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual(keysFor(event));
  });

  it('a burst of events refetches each query on screen once, and the others not at all', async () => {
    const fetches = { list: 0, figures: 0, hidden: 0 };
    // The list and the figures are on screen (observed); a site's history is not.
    const unobserve = (
      [
        [[...queryKeys.websites.all, 'list'], 'list'],
        [queryKeys.dashboard.metadata, 'figures'],
      ] as const
    ).map(([queryKey, name]) =>
      new QueryObserver(client, { queryKey, queryFn: () => ++fetches[name], staleTime: Infinity }).subscribe(
        () => undefined,
      ),
    );
    await client.fetchQuery({ queryKey: queryKeys.history.site(9), queryFn: () => ++fetches.hidden });
    await vi.waitFor(() => expect(fetches).toEqual({ list: 1, figures: 1, hidden: 1 }));
    // The first event loads the channel's check of events; the burst's are read as they come.
    const heard = vi.fn();
    const unlisten = onLiveEvent(heard);
    sockets[0]!.onmessage?.({ data: JSON.stringify(ev({ type: 'contact', siteId: null })) });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(BURST_QUIET_MS);
    await vi.waitFor(() => expect(fetches).toEqual({ list: 2, figures: 2, hidden: 1 }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // A job ends fifteen sites, one event each, 50 ms apart.
    for (let site = 1; site <= 15; site++) {
      sockets[0]!.onmessage?.({ data: JSON.stringify(ev({ siteId: site, action: 'update' })) });
      vi.advanceTimersByTime(50);
    }
    expect(heard).toHaveBeenCalledTimes(16);
    unlisten();
    vi.advanceTimersByTime(BURST_MAX_WAIT_MS);
    await vi.waitFor(() => expect(fetches.list).toBe(3));
    const asked = invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
    expect(asked).toContain(JSON.stringify(queryKeys.websites.all));
    expect(asked).toHaveLength(new Set(asked).size);
    expect(fetches).toEqual({ list: 3, figures: 3, hidden: 1 });
    // The history not on screen is stale, to load when next shown.
    expect(client.getQueryState(queryKeys.history.site(9))?.isInvalidated).toBe(true);
    unobserve.forEach((stop) => stop());
  });

  it('keys already covered by a shorter one are asked for once', () => {
    expect(
      coveringKeys([
        queryKeys.websites.all,
        [...queryKeys.websites.all, 'list'],
        queryKeys.history.site(1),
        queryKeys.history.site(1),
        queryKeys.history.all,
        queryKeys.dashboard.metadata,
      ]),
    ).toEqual([queryKeys.websites.all, queryKeys.history.all, queryKeys.dashboard.metadata]);
  });

  it('a lost connection, once back, refetches everything the channel covers', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    sockets[0]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(5_000);
    sockets[1]!.onopen?.({});
    expect(invalidate).not.toHaveBeenCalled();
    sockets[1]!.onmessage?.({ data: LIVE_SUBSCRIBED });
    vi.advanceTimersByTime(BURST_QUIET_MS);
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual(CATCH_UP_KEYS);
  });

  it('a vendor switch authenticates again for the chosen vendor; a logout closes it', () => {
    setVendor(5);
    expect(sockets).toHaveLength(2);
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent).toEqual([{ action: 'AUTHENTICATE', token: 'tok', vendorId: 5 }]);
    const close = vi.spyOn(sockets[1]!, 'close');
    resetToken();
    expect(close).toHaveBeenCalled();
  });

  it('says when the reconnects have run out', () => {
    // Recorded, not shown: antd would render the notice after this file's window is gone.
    const error = vi.spyOn(notification, 'error').mockImplementation(() => undefined);
    for (let i = 0; i <= 10; i++) {
      sockets.at(-1)!.onclose?.({ code: 1006 });
      vi.advanceTimersByTime(5_000);
    }
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ title: LiveMessages.maxReconnects }));
  });
});
