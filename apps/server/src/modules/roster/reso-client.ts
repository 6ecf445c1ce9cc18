import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import { OutboundError, type Outbound, type OutboundResponse } from '../../platform/outbound.ts';

/**
 * A client of a RESO Web API (OData) server: pages of a resource, with a bearer token given in the
 * configuration or one obtained by OAuth2 client credentials and renewed when it expires or the
 * server refuses it. A server error or a dropped connection is tried again a few times with growing
 * waits; a page still failing then fails the sync, which resumes from the last page it committed.
 */

export type RosterSource = NonNullable<Config['roster']>;

export interface ResoPage {
  records: Record<string, unknown>[];
  nextLink: string | null;
}

export class RosterSyncError extends Error {}

const TRIES = 4;
const PAGE_TIMEOUT_MS = 60_000;
/** A page of 500 members is well under a megabyte; a server sending far more is not read. */
const PAGE_MAX_BYTES = 64 * 1024 * 1024;

export function resoClient(
  source: RosterSource,
  outbound: Outbound,
  options: { retryDelayMs?: number } = {},
) {
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let token: { value: string; expiresAt: number } | null = source.token
    ? { value: source.token, expiresAt: Number.POSITIVE_INFINITY }
    : null;

  async function fetchToken(): Promise<string> {
    if (!source.tokenUrl || !source.clientId || !source.clientSecret) {
      throw new RosterSyncError(
        'The roster server refused the token, and no client credentials are set to get another.',
      );
    }
    const res = await outbound.send(source.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: source.clientId,
        client_secret: source.clientSecret,
      }).toString(),
      timeoutMs: PAGE_TIMEOUT_MS,
    });
    if (res.status < 200 || res.status > 299)
      throw new RosterSyncError(`The roster's token endpoint answered ${res.status}.`);
    const body = json(res) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new RosterSyncError("The roster's token endpoint answered no access_token.");
    const seconds = Number(body.expires_in);
    // Renewed a little before it runs out, so a page is not refused halfway through a sync.
    const life = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3_600_000;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, life - 30_000) };
    return token.value;
  }

  async function bearer(): Promise<string | null> {
    if (token && token.expiresAt > Date.now()) return token.value;
    if (source.tokenUrl) return fetchToken();
    return token?.value ?? null;
  }

  const home = new URL(source.url).origin;
  /**
   * Pages are asked for on the roster's own origin only: a next link elsewhere would carry the
   * roster's bearer token to a host the MLS never named.
   */
  function ownLink(link: string): string {
    const origin = new URL(link).origin;
    if (origin !== home)
      throw new RosterSyncError(
        `The roster server gave a next page on another host (${origin}); only ${home} is followed.`,
      );
    return link;
  }

  async function get(url: string): Promise<OutboundResponse> {
    const auth = await bearer();
    return outbound.send(url, {
      headers: { accept: 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      // A redirect is followed on the roster server's own origin only.
      followRedirect: (next) => next.origin === home,
    });
  }

  return {
    /** The first page of a resource's records changed after `since` (all of them without it). */
    firstPage(resource: 'Member' | 'Office', since: Date | null, pageSize = 500): string {
      const params = new URLSearchParams({ $orderby: 'ModificationTimestamp asc', $top: String(pageSize) });
      if (since) params.set('$filter', `ModificationTimestamp gt ${since.toISOString()}`);
      return `${source.url}/${resource}?${params.toString().replace(/\+/g, '%20')}`;
    },

    async page(url: string): Promise<ResoPage> {
      ownLink(url);
      let lastError = '';
      for (let attempt = 1; attempt <= TRIES; attempt++) {
        let res: OutboundResponse;
        try {
          res = await get(url);
          // A refused token is renewed once and the page asked again at once.
          if (res.status === 401 && source.tokenUrl) {
            token = null;
            res = await get(url);
          }
        } catch (err) {
          if (err instanceof RosterSyncError) throw err;
          // A server the outbound rules refuse is not tried again.
          if (err instanceof OutboundError && (err.reason === 'address' || err.reason === 'scheme'))
            throw new RosterSyncError(`The roster server cannot be reached: ${err.message}`);
          lastError = err instanceof Error ? err.message : String(err);
          await sleep(retryDelayMs * 2 ** (attempt - 1));
          continue;
        }
        if (res.status >= 200 && res.status <= 299) {
          const body = json(res) as { value?: unknown; '@odata.nextLink'?: unknown };
          if (!Array.isArray(body.value))
            throw new RosterSyncError('The roster server answered a page without records.');
          const next = body['@odata.nextLink'];
          return {
            records: body.value as Record<string, unknown>[],
            nextLink: typeof next === 'string' && next ? ownLink(new URL(next, url).toString()) : null,
          };
        }
        lastError = `HTTP ${res.status}`;
        if (res.status < 500 && res.status !== 429) break;
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
      throw new RosterSyncError(`The roster server did not answer a page (${lastError}): ${url}`);
    },
  };
}

function json(res: OutboundResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new RosterSyncError('The roster server answered something that is not JSON.');
  }
}
