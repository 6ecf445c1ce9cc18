import {
  PENDING_REQUEST_TITLES,
  RequestWithdrawMessages,
  displayDate,
  isWithdrawableRequest,
  type PendingRequest,
  type WebsiteDetail,
  type WithdrawableRequestKind,
} from '@vp/contract';
import { Alert, Button, Flex, Modal } from 'antd';
import { errorMessage } from '../../../lib/http.ts';
import { message, toastSaved } from '../../../lib/toast.ts';
import { useWebsite, useWithdrawRequest } from '../api.ts';

/** What a request asks for, as read: a termination by its term date, the others as sent. */
function requestedText(r: PendingRequest): string {
  if (r.kind === 'termination') return `Term date ${displayDate(r.requested)}`;
  return r.kind === 'domain' ? `New domain ${r.requested}` : `New agent ${r.requested}`;
}

function sender(user: PendingRequest['user']): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}

/** Takes a pending domain or agent change back, once the user confirms it. */
function WithdrawButton({ siteId, kind }: { siteId: number; kind: WithdrawableRequestKind }) {
  const withdraw = useWithdrawRequest(siteId, kind);
  function confirm() {
    Modal.confirm({
      title: RequestWithdrawMessages.title[kind],
      content: RequestWithdrawMessages.confirm[kind],
      okText: RequestWithdrawMessages.action[kind],
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await withdraw.mutateAsync();
          toastSaved(RequestWithdrawMessages.withdrawn[kind]);
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
    });
  }
  return (
    <Button size="small" onClick={confirm} loading={withdraw.isPending}>
      {RequestWithdrawMessages.action[kind]}
    </Button>
  );
}

/**
 * The requests of a site still waiting for MLS staff: what was asked for, when, by whom and why.
 * Until decided, the site keeps its domain or agent; this says the change is pending, not done. A
 * domain or agent change can be withdrawn here (a termination by Withdraw termination, beside the
 * status).
 */
export function PendingRequests({ siteId, readOnly = false }: { siteId: number; readOnly?: boolean }) {
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
          className="vp-pending-request"
          title={PENDING_REQUEST_TITLES[r.kind]}
          action={
            !readOnly && isWithdrawableRequest(r.kind) ? (
              <WithdrawButton siteId={siteId} kind={r.kind} />
            ) : undefined
          }
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
