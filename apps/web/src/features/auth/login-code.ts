import { LoginCodeMessages, type LoginCodeResponse } from '@vp/contract';
import { Modal } from 'antd';
import { errorMessage, http } from '../../lib/http.ts';
import { getToken, resetToken, setToken } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fetchProfile } from '../profile/index.ts';

const bearer = (token: string) => ({
  headers: { Authorization: `Bearer ${token}` },
  auth: false,
  session: false,
});

function askToSwitch(current: string, next: string): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: LoginCodeMessages.switchTitle,
      content: LoginCodeMessages.switchText(current, next),
      okText: `Log in as ${next}`,
      cancelText: `Stay ${current}`,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Exchanges a link's one-time login code for a session. When another user is logged in here, asks
 * first: staying ends the new session at once; switching ends the old one. A refused code is said
 * and changes nothing.
 */
export async function exchangeLoginCode(code: string): Promise<void> {
  let next: LoginCodeResponse;
  try {
    next = await http.post<LoginCodeResponse>('/login/code', { code }, { auth: false, session: false });
  } catch (err) {
    void toast('error', errorMessage(err) || LoginCodeMessages.invalid);
    return;
  }
  const current = getToken();
  if (current) {
    const who = await fetchProfile({ session: false }).then(
      (p) => p.username,
      () => null,
    );
    if (who && who.toLowerCase() === next.username.toLowerCase()) {
      // The same user: keep the session this browser has.
      await http.post('/logout', undefined, bearer(next.token)).catch(() => undefined);
      return;
    }
    if (who && !(await askToSwitch(who, next.username))) {
      await http.post('/logout', undefined, bearer(next.token)).catch(() => undefined);
      return;
    }
    await http.post('/logout', undefined, bearer(current)).catch(() => undefined);
    // Nothing of the last user stays: cache, vendor choice and open tabs go with the old session.
    resetToken();
  }
  setToken(next.token);
}
