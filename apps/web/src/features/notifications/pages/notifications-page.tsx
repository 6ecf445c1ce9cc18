import { Navigate, useSearchParams } from 'react-router';
import { parseSiteParam, websiteSiteLink } from '../../../lib/website-links.ts';

/**
 * /notifications (spec §2 routes), the address a notification's mail links to: with `site` it opens
 * that website's modal, otherwise the dashboard. It replaces itself, so Back does not come here.
 */
export default function NotificationsPage() {
  const [params] = useSearchParams();
  const site = parseSiteParam(params.get('site'));
  return <Navigate to={site === null ? '/dashboard' : websiteSiteLink(site)} replace />;
}
