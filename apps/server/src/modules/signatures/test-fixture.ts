import { PUBLIC_URL, latestMailTo, type TestContext } from '../../../test/helper.ts';

/** The token of the newest signing link mailed to `email`. */
export async function mailedSigningToken(t: Pick<TestContext, 'db'>, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  const m = new RegExp(`${PUBLIC_URL}/sign/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!m?.[1]) throw new Error(`no signing link mailed to ${email}`);
  return m[1];
}
