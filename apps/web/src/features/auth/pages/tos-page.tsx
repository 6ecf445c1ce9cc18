import { displayDate, safeRedirect } from '@vp/contract';
import { Button, Card, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/http.ts';
import { resetToken, setAcceptedTOS, useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { logout } from '../api.ts';
import { useAcceptTerms, useTermsOfService } from '../terms-api.ts';

/** Where accepting leads: the page the guard held the user back from, else the dashboard. */
export function afterAccepting(redirect: string | null): string {
  const target = safeRedirect(redirect);
  return target.split('?')[0] === '/tos' ? '/dashboard' : target;
}

/**
 * Terms of service; a user who has not accepted them is held here by the guard, and may log out
 * instead of accepting.
 */
export default function TosPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useSession();
  const terms = useTermsOfService();
  const accept = useAcceptTerms();

  function onAccept() {
    accept.mutate(undefined, {
      onSuccess: () => {
        setAcceptedTOS(true);
        void navigate(afterAccepting(params.get('redirect')), { replace: true });
      },
      onError: (err) => void toast('error', errorMessage(err)),
    });
  }

  /** Ends the session here first, then on the server (best effort), as the navbar's Log Out does. */
  function onLogOut() {
    const current = token;
    resetToken();
    void navigate('/login', { replace: true });
    if (current) void logout(current).catch(() => undefined);
  }

  return (
    <main className="vp-tos">
      <Card>
        <Typography.Title level={1} className="vp-page-title">
          Terms of Service
        </Typography.Title>
        {terms.isPending && <p aria-busy="true">Loading…</p>}
        {terms.isError && (
          <p role="alert" className="vp-text-danger">
            {errorMessage(terms.error)}
          </p>
        )}
        {terms.data && (
          <>
            <Typography.Paragraph type="secondary">
              Version {terms.data.version}, effective {displayDate(terms.data.effectiveDate)}
            </Typography.Paragraph>
            <section className="vp-tos-text" tabIndex={0} aria-label="Terms of service text">
              {terms.data.text}
            </section>
          </>
        )}
        <div className="vp-tos-actions">
          {token ? (
            <>
              <Button onClick={onLogOut}>Log Out</Button>
              <Button type="primary" onClick={onAccept} loading={accept.isPending} disabled={!terms.data}>
                Accept
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => void navigate('/login?redirect=%2Ftos')}>
              Log in to accept
            </Button>
          )}
        </div>
      </Card>
    </main>
  );
}
