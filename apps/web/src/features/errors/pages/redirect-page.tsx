import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * /redirect/<path>: passes straight through to <path>. Going through another route unmounts the
 * page, so the tags-view Refresh gets a fresh page and fresh data.
 */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = `/${params['*'] ?? ''}${search}`;
  useEffect(() => {
    // Marked stale, the page's queries refetch when it mounts again instead of showing the cache.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    void navigate(target, { replace: true });
  }, [navigate, queryClient, target]);
  return null;
}
