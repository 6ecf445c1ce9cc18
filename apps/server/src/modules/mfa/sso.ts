import { MfaMessages, loginPath, safeRedirect, type LoginAnswer } from '@vp/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.ts';
import type { OidcConfig } from '../../config.ts';
import { ssoStates, users } from '../../db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/passwords.ts';
import type { MfaService, SignInMeta } from './service.ts';

/**
 * Single sign-on for MLS staff: OpenID Connect's authorisation code flow with PKCE against the MLS's
 * identity provider. The request's state is bound to the browser that started it (a cookie); the
 * ID token's verified email finds the portal user, and a claim or the email's domain must say the
 * person is MLS staff. The provider's own second factor counts when its token says one was used
 * (`amr` holds `mfa`, or the configured `acr`); otherwise the portal's second step follows.
 */

export const SSO_COOKIE = 'vp_sso';
const STATE_TTL_MS = 10 * 60 * 1000;
/** The code the sign-in page finishes with works this long. */
const FINISH_TTL_MS = 2 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

export type SsoFailure = 'failed' | 'no-account';

export interface SsoClaims {
  email?: unknown;
  email_verified?: unknown;
  amr?: unknown;
  acr?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  preferred_username?: unknown;
  [claim: string]: unknown;
}

/** Whether the token's claims make the person MLS staff, by the configured claim or email domain. */
export function isStaffByClaims(config: OidcConfig, claims: SsoClaims, email: string): boolean {
  if (config.adminClaim) {
    const value = claims[config.adminClaim.claim];
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => String(v) === config.adminClaim!.value)) return true;
  }
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return config.adminDomains.includes(domain);
}

/** Whether the provider says it asked for a second factor. */
export function secondFactorByClaims(config: OidcConfig, claims: SsoClaims): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
  if (amr.includes('mfa')) return true;
  return config.mfaAcr !== null && claims.acr === config.mfaAcr;
}

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

export function ssoService(ctx: AppContext, mfa: MfaService) {
  const { db } = ctx;
  const config = ctx.config.oidc;
  const callbackUrl = `${ctx.config.publicUrl}/api/login/sso/callback`;
  let discovered: Promise<oidc.Configuration> | null = null;

  /** The provider's configuration, found once (and again after a failure). */
  function provider(settings: OidcConfig): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        [oidc.customFetch]: (url, options) =>
          fetch(url, { ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } as RequestInit),
        ...(settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  }

  function settings(): OidcConfig {
    if (!config) throw new BadRequestError(MfaMessages.ssoNotConfigured);
    return config;
  }

  /** The portal user a verified email names, made on first sign-in when so configured. */
  async function staffUser(settings: OidcConfig, claims: SsoClaims): Promise<{ id: number } | SsoFailure> {
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email || claims.email_verified !== true) return 'no-account';
    if (!isStaffByClaims(settings, claims, email)) return 'no-account';
    const [found] = await db
      .select({ id: users.id, role: users.role, active: users.active })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (found) return found.active && found.role === 'admin' ? { id: found.id } : 'no-account';
    if (!settings.createUsers) return 'no-account';
    const base =
      (typeof claims.preferred_username === 'string' ? claims.preferred_username : email.split('@')[0]!)
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '')
        .slice(0, 60) || 'staff';
    for (let n = 0; n < 50; n++) {
      const username = n === 0 ? base : `${base}${n + 1}`;
      const [created] = await db
        .insert(users)
        .values({
          username,
          role: 'admin',
          email,
          firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : '',
          lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : '',
          active: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created) return created;
    }
    return 'failed';
  }

  return {
    /** Whether the sign-in page offers single sign-on, and what it calls it. */
    info: () => ({ enabled: config !== null, name: config?.name ?? null }),

    /** The provider's authorisation address, and the browser binding its cookie carries. */
    async start(redirect: string | undefined): Promise<{ location: string; binding: string }> {
      const s = settings();
      const server = await provider(s);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const binding = newToken();
      await db.insert(ssoStates).values({
        state,
        browserHash: sha256(binding),
        codeVerifier,
        nonce,
        redirectTo: redirect ? safeRedirect(redirect) : '',
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // How the person signed in, asked for in the ID token (OpenID Connect's claims parameter).
        claims: JSON.stringify({ id_token: { amr: null, acr: null } }),
      });
      return { location: url.href, binding };
    },

    /**
     * The provider's answer: checks it (state, the browser's binding, PKCE, nonce, the ID token),
     * then answers where the browser goes: the sign-in page with a one-time code to finish with, or
     * with what went wrong.
     */
    async callback(query: Record<string, string>, binding: string | undefined): Promise<string> {
      const fail = (why: SsoFailure, redirect = '') =>
        withParam(loginPath(redirect || null), 'ssoError', why);
      const s = settings();
      const state = typeof query.state === 'string' ? query.state : '';
      const [row] = state
        ? await db
            .select()
            .from(ssoStates)
            .where(
              and(eq(ssoStates.state, state), isNull(ssoStates.usedAt), gt(ssoStates.expiresAt, new Date())),
            )
            .limit(1)
        : [];
      if (!row || !binding || sha256(binding) !== row.browserHash || row.finishHash) return fail('failed');
      let claims: SsoClaims | undefined;
      try {
        const server = await provider(s);
        const current = new URL(callbackUrl);
        for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
        const tokens = await oidc.authorizationCodeGrant(server, current, {
          pkceCodeVerifier: row.codeVerifier,
          expectedState: row.state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims() as SsoClaims | undefined;
      } catch (err) {
        ctx.log.warn({ err }, 'single sign-on did not complete');
      }
      if (!claims) return fail('failed', row.redirectTo);
      const user = await staffUser(s, claims);
      if (typeof user === 'string') return fail(user, row.redirectTo);
      const finish = newToken();
      const claimed = await db
        .update(ssoStates)
        .set({
          userId: user.id,
          secondFactorDone: secondFactorByClaims(s, claims),
          finishHash: sha256(finish),
          expiresAt: new Date(Date.now() + FINISH_TTL_MS),
        })
        .where(and(eq(ssoStates.state, row.state), isNull(ssoStates.finishHash)))
        .returning({ state: ssoStates.state });
      if (claimed.length === 0) return fail('failed', row.redirectTo);
      return withParam(loginPath(row.redirectTo || null), 'sso', finish);
    },

    /** The sign-in page's last call: the session, or the second step the user still owes. */
    async finish(code: string, meta: SignInMeta): Promise<LoginAnswer> {
      const [row] = await db
        .update(ssoStates)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(ssoStates.finishHash, sha256(code)),
            isNull(ssoStates.usedAt),
            gt(ssoStates.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!row?.userId) throw new BadRequestError(MfaMessages.ssoFailed);
      const [user] = await db
        .select({ id: users.id, role: users.role, active: users.active })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      if (!user?.active) throw new BadRequestError(MfaMessages.ssoFailed);
      return mfa.begin(user, meta, 'sso', row.secondFactorDone);
    },

    /** Requests that never came back are worth nothing. */
    async prune(): Promise<void> {
      await db.delete(ssoStates).where(sql`${ssoStates.expiresAt} < now() - interval '1 day'`);
    },
  };
}
