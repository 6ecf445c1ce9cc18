import { safeRedirect } from '@vp/contract';
import { useEffect } from 'react';
import { usePageNavigate, usePageSearchParams } from '../../../lib/page-navigation.tsx';

/** Arrival from a single sign-on link: the guard has exchanged its one-time code; go on to the target. */
export default function AuthRedirectPage() {
  const params = usePageSearchParams();
  const navigate = usePageNavigate();
  const target = safeRedirect(params.get('redirect'));
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <p className="vp-centered">Signing you in…</p>;
}
