import { PENDING_REQUEST_TITLES, displayDate, type PendingRequest, type WebsiteDetail } from '@vp/contract';
import { Alert, Flex } from 'antd';
import { useWebsite } from '../api.ts';

/** What a request asks for, as read: a termination by its term date, the others as sent. */
function requestedText(r: PendingRequest): string {
  if (r.kind === 'termination') return `Term date ${displayDate(r.requested)}`;
  return r.kind === 'domain' ? `New domain ${r.requested}` : `New agent ${r.requested}`;
}

function sender(user: PendingRequest['user']): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}

/**
 * The requests of a site still waiting for MLS staff: what was asked for, when, by whom and why.
 * Until decided, the site keeps its domain or agent; this says the change is pending, not done.
 */
export function PendingRequests({ siteId }: { siteId: number }) {
  const site = useWebsite(siteId);
  const pending = (site.data as Partial<WebsiteDetail> | undefined)?.pendingRequests ?? [];
  if (pending.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="pending-requests">
      {pending.map((r) => (
        <Alert
          key={`${r.kind}-${r.date}`}
          type="info"
          showIcon
          title={PENDING_REQUEST_TITLES[r.kind]}
          description={
            <>
              <div>{requestedText(r)}</div>
              <div>
                Sent {displayDate(r.date)} by {sender(r.user)}
              </div>
              {r.reason && <div>Reason: {r.reason}</div>}
            </>
          }
        />
      ))}
    </Flex>
  );
}
