import { parseSiteIds } from '@vp/contract';
import { Navigate, useSearchParams } from 'react-router';
import { parseSiteParam, websiteSiteLink, websitesIdsLink } from '../../../lib/website-links.ts';

/**
 * /notifications (spec §2 routes), the address a notification's mail links to: with `site` it opens
 * that website's modal; with `sites` (a notification about several) the list of those websites;
 * otherwise the dashboard. It replaces itself, so Back does not come here.
 */
export default function NotificationsPage() {
  const [params] = useSearchParams();
  const site = parseSiteParam(params.get('site'));
  const sites = parseSiteIds(params.get('sites'));
  const to = site !== null ? websiteSiteLink(site) : sites ? websitesIdsLink(sites) : '/dashboard';
  return <Navigate to={to} replace />;
}
