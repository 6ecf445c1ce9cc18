import { LIVE_PATH, LiveMessages, type Profile } from '@vp/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notification } from 'antd';
import { useEffect } from 'react';
import { queryKeys } from '../lib/query-keys.ts';
import { getToken, sessionStore } from '../lib/session.ts';
import { getVendor, settingsStore } from '../lib/settings.ts';
import { CATCH_UP_KEYS, createInvalidator, keysFor } from './invalidate.ts';
import { createLiveClient, type LiveClientOptions, type LiveCredentials } from './live-client.ts';
import { emitLiveEvent } from './live-events.ts';

/** The socket's address: this page's origin, as ws or wss. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

/** The vendor the session acts for: the one chosen, else the profile's own (its primary). */
export function liveCredentials(client: QueryClient): LiveCredentials | null {
  const token = getToken();
  const vendorId = getVendor() ?? client.getQueryData<Profile>(queryKeys.profile.me)?.vendor ?? null;
  return token && vendorId ? { token, vendorId } : null;
}

const GIVE_UP_KEY = 'live-give-up';
const ORIGIN_KEY = 'live-origin';

/**
 * Runs the live channel for the signed-in app: events reach the screens that listen at once, and
 * make their queries stale once per burst (see createInvalidator); a vendor switch or a logout
 * moves the socket on. Answers the stop.
 */
export function startLiveChannel(
  client: QueryClient,
  overrides: Partial<LiveClientOptions> = {},
): () => void {
  const stale = createInvalidator(client);
  const live = createLiveClient({
    url: () => liveUrl(window.location),
    credentials: () => liveCredentials(client),
    onEvent: (event) => {
      stale.add(keysFor(event));
      emitLiveEvent(event);
    },
    onCatchUp: () => stale.add(CATCH_UP_KEYS),
    onGiveUp: () => notification.error({ key: GIVE_UP_KEY, title: LiveMessages.maxReconnects, duration: 0 }),
    onOriginRefused: (portal) =>
      notification.warning({
        key: ORIGIN_KEY,
        title: LiveMessages.originRefused(portal || window.location.origin),
        duration: 0,
      }),
    ...overrides,
  });
  const stopSession = sessionStore.subscribe(() => live.sync());
  const stopSettings = settingsStore.subscribe(() => live.sync());
  live.start();
  return () => {
    stopSession();
    stopSettings();
    live.stop();
    stale.stop();
  };
}

/** The live channel, for as long as the signed-in layout is on screen. */
export function useLiveChannel(): void {
  const client = useQueryClient();
  useEffect(() => startLiveChannel(client), [client]);
}
