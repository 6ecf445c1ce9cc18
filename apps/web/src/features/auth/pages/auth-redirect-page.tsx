import { safeRedirect } from '@vp/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** Arrival from a single sign-on link: the guard has exchanged its one-time code; go on to the target. */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'));
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return <p className="vp-centered">Signing you in…</p>;
}
