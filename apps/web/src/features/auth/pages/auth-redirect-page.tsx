import {
  isSecondStep,
  LoginCodeMessages,
  loginCodeName,
  loginPath,
  safeRedirect,
  type LoginCodeAccount,
} from '@vp/contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { PageLink, usePageNavigate, usePageSearchParams } from '../../../lib/page-navigation.tsx';
import { getToken, resetToken, setToken } from '../../../lib/session.ts';
import { confirmLoginCode, currentUsername, loginCodeAccount, logout } from '../api.ts';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';
import { keepSecondStep } from '../second-step.ts';

/**
 * The page a login code's link opens (a single sign-on arrival, or any address with `?token=`). It
 * never logs anyone in by itself: it shows whose account the code opens and asks "Continue as …?",
 * also when nobody is logged in, so a link made for someone else's account cannot slip a person
 * into it. Only the confirmation uses the code; cancelling leaves it unused.
 */

/**
 * The code leaves the address bar at once. It stays with this history entry (its state), so a
 * reload still asks, while no other entry, and no other tab, ever holds it.
 */
function takeCode(): string {
  const url = new URL(window.location.href);
  const fromLink = url.searchParams.get('token');
  const entry: unknown = window.history.state;
  const state = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
  if (fromLink) {
    url.searchParams.delete('token');
    window.history.replaceState({ ...state, loginCode: fromLink }, '', url.pathname + url.search + url.hash);
    return fromLink;
  }
  return typeof state.loginCode === 'string' ? state.loginCode : '';
}

type State =
  | { kind: 'checking' }
  | { kind: 'refused'; message: string }
  | { kind: 'ask'; account: LoginCodeAccount; current: string | null; busy: boolean };

export default function AuthRedirectPage() {
  const params = usePageSearchParams();
  const navigate = usePageNavigate();
  const target = safeRedirect(params.get('redirect'));
  const [code] = useState(takeCode);
  const [state, setState] = useState<State>(() =>
    code ? { kind: 'checking' } : { kind: 'refused', message: LoginCodeMessages.invalid },
  );

  useEffect(() => {
    if (!code) {
      // An arrival without a code: a signed-in user simply goes on.
      if (getToken()) navigate(target, { replace: true });
      return;
    }
    let live = true;
    void (async () => {
      try {
        const [account, current] = await Promise.all([
          loginCodeAccount(code),
          getToken() ? currentUsername() : Promise.resolve(null),
        ]);
        if (!live) return;
        if (current && current.toLowerCase() === account.username.toLowerCase()) {
          // Already this account here: nothing to switch, and the code stays unused.
          navigate(target, { replace: true });
          return;
        }
        setState({ kind: 'ask', account, current, busy: false });
      } catch (err) {
        if (live) setState({ kind: 'refused', message: errorMessage(err) || LoginCodeMessages.invalid });
      }
    })();
    return () => {
      live = false;
    };
  }, [code, navigate, target]);

  async function confirm(ask: Extract<State, { kind: 'ask' }>) {
    setState({ ...ask, busy: true });
    try {
      const answer = await confirmLoginCode(code);
      const previous = getToken();
      if (previous) {
        await logout(previous).catch(() => undefined);
        // Nothing of the last user stays: cache, vendor choice and open tabs go with the old session.
        resetToken();
      }
      if (isSecondStep(answer)) {
        // The account needs its second step first: the login page asks for it, then goes on.
        keepSecondStep(answer);
        navigate(loginPath(target), { replace: true });
        return;
      }
      setToken(answer.token);
      navigate(target, { replace: true });
    } catch (err) {
      setState({ kind: 'refused', message: errorMessage(err) || LoginCodeMessages.invalid });
    }
  }

  function cancel() {
    navigate(getToken() ? target : '/login', { replace: true });
  }

  if (state.kind === 'checking') {
    return (
      <AuthCard title="Login Link">
        <p className="vp-auth-hint" role="status">
          {LoginCodeMessages.checking}
        </p>
      </AuthCard>
    );
  }

  if (state.kind === 'refused') {
    return (
      <AuthCard title="Login Link">
        <FormMessage type="error">{state.message}</FormMessage>
        <div className="vp-auth-links">
          <PageLink to={getToken() ? '/dashboard' : '/login'}>
            {getToken() ? 'Go to the portal' : 'Log in'}
          </PageLink>
        </div>
      </AuthCard>
    );
  }

  const name = loginCodeName(state.account);
  return (
    <AuthCard title={LoginCodeMessages.title(name)}>
      <p className="vp-auth-hint">{LoginCodeMessages.intro}</p>
      <dl className="vp-code-account">
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>Username</dt>
        <dd>{state.account.username}</dd>
        {state.account.email && (
          <>
            <dt>Email</dt>
            <dd>{state.account.email}</dd>
          </>
        )}
      </dl>
      {state.current && <FormMessage type="warning">{LoginCodeMessages.signedIn(state.current)}</FormMessage>}
      <div className="vp-code-actions">
        <AuthButton loading={state.busy} onClick={() => void confirm(state)}>
          {LoginCodeMessages.confirm(name)}
        </AuthButton>
        <AuthButton className="vp-button-secondary" disabled={state.busy} onClick={cancel}>
          {LoginCodeMessages.cancel}
        </AuthButton>
      </div>
    </AuthCard>
  );
}
