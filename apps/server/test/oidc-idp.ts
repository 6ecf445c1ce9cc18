import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) for tests, on 127.0.0.1. Its login
 * and consent screens are answered at once for the account the test names in `next`, with the
 * authentication methods (`amr`) the test sets, as a person signing in there would.
 */

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next, and how. */
  next: { accountId: string; amr: string[] };
  accounts: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startIdp(redirectUri: string): Promise<TestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  const next = { accountId: '', amr: ['pwd'] };
  const clientId = 'vendor-portal';
  const clientSecret = 'a-client-secret-for-the-tests-only';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'preferred_username', 'groups'],
    },
    // The ID token carries the claims of its scopes (the portal reads the token alone).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-only-cookie-key'] },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: next.accountId, amr: next.amr } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    next,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's way through the provider: from its authorisation address, following redirects with
 * the provider's cookies, to the address it sends the browser back to (the portal's callback).
 */
export async function throughIdp(authorizationUrl: string, until: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(until)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('the provider redirected too often');
}
