import { EmailChangeMessages } from '@vp/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { PageLink } from '../../../lib/page-navigation.tsx';
import { confirmEmail } from '../api.ts';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

/** The token of the link, read once; the address bar and history keep the page without it. */
function takeToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return token;
}

/**
 * Opens the link mailed to a new email address. The change is made by a button rather than on
 * load, so a mail scanner that follows the link changes nothing.
 */
export default function EmailConfirmPage() {
  const [token] = useState(takeToken);
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: string | null }>({
    busy: false,
    done: null,
    error: token ? null : EmailChangeMessages.linkInvalid,
  });

  async function confirm() {
    setState({ busy: true, done: null, error: null });
    try {
      const { message } = await confirmEmail(token);
      setState({ busy: false, done: message, error: null });
    } catch (err) {
      setState({ busy: false, done: null, error: errorMessage(err) });
    }
  }

  return (
    <AuthCard title="Confirm Email Address">
      {state.done ? (
        <FormMessage type="success">{state.done}</FormMessage>
      ) : (
        <>
          <p>
            Use this address for your account from now on? Mail about your account, password links included,
            goes to it.
          </p>
          {state.error && <FormMessage type="error">{state.error}</FormMessage>}
          {token && !state.error && (
            <AuthButton loading={state.busy} onClick={() => void confirm()}>
              Confirm new email address
            </AuthButton>
          )}
        </>
      )}
      <div className="vp-auth-links">
        <PageLink to="/dashboard">Go to the portal</PageLink>
      </div>
    </AuthCard>
  );
}
