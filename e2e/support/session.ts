import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl } from './server.ts';

/** localStorage keys of the web app (apps/web/src/lib/storage.ts). */
export const StorageKeys = {
  token: 'vp.token',
  vendor: 'vp.vendor',
  colorblind: 'vp.colorblind',
  theme: 'vp.theme',
  idleTimeoutMs: 'vp.idleTimeoutMs',
} as const;

export interface User {
  username: string;
  password: string;
}

export const users = {
  demo: { username: 'demo', password: 'summit-sites-2026' },
  viewer: { username: 'viewer', password: 'read-only-2026' },
  admin: { username: 'admin', password: 'mls-staff-2026' },
  other: { username: 'other', password: 'harbor-lights-2026' },
  newbie: { username: 'newbie', password: 'first-visit-2026' },
} as const satisfies Record<string, User>;

export function basicAuth({ username, password }: User): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Logs in through the API and returns the session token. */
export async function apiLogin(request: APIRequestContext, user: User): Promise<string> {
  const response = await request.post(`${baseUrl()}/api/login`, {
    headers: { Authorization: basicAuth(user) },
  });
  expect(response.status(), `login as ${user.username}`).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * Starts the page already logged in, as if the user had logged in before. The token is planted
 * once per tab, so a later logout in the test is not undone by a reload.
 */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e.planted')) return;
      window.sessionStorage.setItem('e2e.planted', '1');
      window.localStorage.setItem(key, value);
    },
    [StorageKeys.token, token] as const,
  );
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, user: User): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username', { exact: true }).fill(user.username);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
}
