import { guardDecision, loginPath, Messages, rolesFromRole, type GuardDecision } from '@vp/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isChunkLoadError, loadChunk } from '../lib/chunk-load.ts';
import { ApiError, errorMessage } from '../lib/http.ts';
import { getToken, resetToken, sessionStore, setAccount } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { isForbidden, isUnknownTo, needsFeeds } from '../lib/route-table.ts';
import { loadShell } from './load-shell.ts';

/**
 * The route guard (spec §2), run before every navigation as the root route's loader. The decisions
 * themselves are the contract's guardDecision; this only carries them out.
 */
function decide(url: URL): GuardDecision {
  const { roles, acceptedTOS } = sessionStore.get();
  return guardDecision({
    path: url.pathname,
    fullPath: `${url.pathname}${url.search}`,
    query: Object.fromEntries(url.searchParams),
    storedToken: getToken(),
    roles,
    acceptedTOS,
  });
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  // A login code in the address goes to the page that asks first (a redirect like any other).
  let decision = decide(url);
  if (decision.kind === 'fetchAccount') {
    try {
      // The profile goes through TanStack Query, which is not part of the entry; loaded here.
      const { fetchAccount } = await loadChunk(() => import('./account.ts'));
      const profile = await fetchAccount();
      setAccount(rolesFromRole(profile.role), profile.acceptedTOS);
    } catch (err) {
      // Code that did not arrive, or a portal that does not answer, says nothing about the session:
      // the route's error screen offers to try again, and the user stays logged in.
      if (isChunkLoadError(err) || (err instanceof ApiError && err.status === 0)) throw err;
      resetToken();
      // The toast is antd's, themed by the shell; the login page it leads to does not load it.
      await loadShell();
      void toast('error', errorMessage(err) || Messages.hasError);
      throw redirect(loginPath(`${url.pathname}${url.search}`));
    }
    decision = decide(url);
  }

  if (decision.kind === 'redirect') throw redirect(decision.to);
  const { roles } = sessionStore.get();
  // The staff console does not exist for anyone else: the same page as any unknown address.
  if (isUnknownTo(url.pathname, roles)) throw redirect('/404');
  if (isForbidden(url.pathname, roles)) throw redirect('/401');
  // The data-feed screen does not exist for a vendor that neither provides nor consumes a feed.
  if (needsFeeds(url.pathname)) {
    const { fetchHasFeeds } = await loadChunk(() => import('./account.ts'));
    const feeds = await fetchHasFeeds().catch((err: unknown) => {
      if (isChunkLoadError(err) || (err instanceof ApiError && err.status === 0)) throw err;
      return false;
    });
    if (!feeds) throw redirect('/404');
  }
  return null;
}
