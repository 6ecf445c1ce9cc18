import {
  PENDING_REQUEST_TITLES,
  PendingRequestMessages,
  RequestWithdrawMessages,
  displayDate,
  safStandingText,
  isWithdrawableRequest,
  type PendingRequest,
  type WebsiteDetail,
  type WithdrawableRequestKind,
} from '@vp/contract';
import { Alert, Button, Flex, Modal, Tag } from 'antd';
import { errorMessage } from '../../../lib/http.ts';
import { message, toastSaved } from '../../../lib/toast.ts';
import { useWebsite, useWithdrawRequest } from '../api.ts';

/** What a request asks for, as read: a termination by its term date, the others as sent. */
function requestedText(r: Pick<PendingRequest, 'kind' | 'requested'>): string {
  switch (r.kind) {
    case 'termination':
      return `Term date ${displayDate(r.requested)}`;
    case 'domain':
      return `New domain ${r.requested}`;
    case 'agent':
      return `New agent ${r.requested}`;
    case 'product':
      return `New product ${r.requested}`;
    case 'team':
      return r.requested;
  }
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
 * The Site Access Form a change of a licensed site needs: why, where it stands, and (for the
 * vendor) sending it. MLS staff approve the change once it is signed by everyone.
 */
function NewForm({
  form,
  onSend,
}: {
  form: NonNullable<PendingRequest['newForm']>;
  onSend: (() => void) | undefined;
}) {
  const sendable = onSend && (form.saf.state === 'not-sent' || form.saf.state === 'declined');
  const signed = form.saf.state === 'signed';
  return (
    <div className="vp-request-form" data-testid="request-form">
      {signed ? (
        <div>{PendingRequestMessages.formSigned}</div>
      ) : (
        <>
          <div>{PendingRequestMessages.newFormNeeded}</div>
          <ul>
            {form.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      )}
      <div>
        Site Access Form for the change:{' '}
        <Tag variant="outlined" color={signed ? 'success' : 'default'} disabled={false}>
          {/* A signed form here waits for the change, not for an activation. */}
          {safStandingText(form.saf, signed ? 'Active' : 'Pending Activation')}
        </Tag>
      </div>
      {sendable && (
        <Button size="small" style={{ marginTop: 6 }} onClick={onSend}>
          {PendingRequestMessages.sendForm}
        </Button>
      )}
    </div>
  );
}

/**
 * The requests of a site still waiting for MLS staff: what was asked for, when, by whom and why.
 * Until decided, the site keeps what it has; this says the change is pending, not done. A domain,
 * agent, product or team change can be withdrawn here (a termination by Withdraw termination,
 * beside the status); one that needs a new Site Access Form says so, and sends it.
 */
export function PendingRequests({
  siteId,
  readOnly = false,
  onSendForm,
}: {
  siteId: number;
  readOnly?: boolean;
  onSendForm?: (requestId: number) => void;
}) {
  const site = useWebsite(siteId);
  const pending = (site.data as Partial<WebsiteDetail> | undefined)?.pendingRequests ?? [];
  const declined = (site.data as Partial<WebsiteDetail> | undefined)?.declined ?? [];
  if (pending.length === 0 && declined.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="pending-requests">
      {declined.map((d) => (
        <Alert
          key={`declined-${d.what}`}
          type="warning"
          showIcon
          className="vp-declined"
          data-testid="declined-decision"
          title={d.title}
          description={
            <>
              <div>
                {d.what === 'form' ? d.requested : requestedText({ kind: d.what, requested: d.requested })}
              </div>
              <div>
                Declined {d.date ? displayDate(d.date) : ''} by {d.by}
              </div>
              {d.reason && <div>Reason: {d.reason}</div>}
              <div>Next: {d.next}</div>
            </>
          }
        />
      ))}
      {pending.map((r) => (
        <Alert
          key={`${r.kind}-${r.id}`}
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
              {r.newForm && (
                <NewForm
                  form={r.newForm}
                  onSend={!readOnly && onSendForm ? () => onSendForm(r.id) : undefined}
                />
              )}
            </>
          }
        />
      ))}
    </Flex>
  );
}
