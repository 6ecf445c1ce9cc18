import {
  type BulkResult,
  countOf,
  licenceNoteSchema,
  paperFormSchema,
  QUEUE_KIND_LABELS,
  type QueueItem,
  QueueMessages,
} from '@vp/contract';
import { Button, Card, Modal, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { focusWhen } from '../../../lib/focus-when.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useListSearch } from '../../websites/index.ts';
import {
  useBulkAction,
  useQueue,
  useQueueAction,
  useQueueVendors,
  type BulkKind,
  type QueueAction,
} from '../api.ts';
import { ActivateDialog } from '../components/activate-dialog.tsx';
import { BulkResultsDialog } from '../components/bulk-results-dialog.tsx';
import { FindingDialog, type FindingDecision } from '../components/finding-dialog.tsx';
import { QueueFilters } from '../components/queue-filters.tsx';
import type { ItemActionKind } from '../components/queue-item-parts.tsx';
import { QueueSummaryBar } from '../components/queue-summary.tsx';
import { QueueTable } from '../components/queue-table.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { bulkKindOf } from '../queue-format.ts';
import { isFiltered, queueParams, useQueueListState } from '../queue-state.ts';
import { runAction } from '../run-action.ts';
import '../approvals.css';

type Dialog =
  | { kind: 'activate'; item: QueueItem }
  | { kind: 'decline'; item: QueueItem }
  | { kind: 'approve-paper'; item: QueueItem }
  | { kind: 'review-licence'; item: QueueItem }
  | { kind: 'waive'; item: QueueItem }
  | { kind: FindingDecision; item: QueueItem }
  | { kind: 'reject'; item: QueueItem; documentId: number; type: string };

const BULK_TEXTS: Record<BulkKind, { verb: string; title: string; effect: string }> = {
  activate: {
    verb: 'Activate',
    title: 'Activation',
    effect: 'Each website is checked on its own and, when it may, becomes Active from today.',
  },
  terminate: {
    verb: 'Terminate',
    title: 'Termination',
    effect: 'Each website is checked on its own and, when its term date has come, becomes Inactive.',
  },
};

const websites = (n: number) => countOf(n, 'website');

/**
 * The MLS staff's approval queue: everything waiting on the MLS, oldest first, with the decisions
 * taken on it. The filter, search and page live in the URL.
 */
export default function ApprovalQueuePage() {
  const [state, setState] = useQueueListState();
  const search = useListSearch(state.search, (text) => setState({ search: text, page: 1 }));
  const queue = useQueue(queueParams(state));
  const vendors = useQueueVendors();
  const single = useQueueAction();
  const bulk = useBulkAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [bulkResult, setBulkResult] = useState<{ title: string; result: BulkResult } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  // Where focus returns once a dialog closes: the button that opened it, or, when the decision was
  // taken and its row is leaving the queue, the page's heading.
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  function openDialog(next: Dialog) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  }

  function closeDialog(decided: boolean) {
    const decidedItem = dialog?.item ?? null;
    setDialog(null);
    if (decided) {
      focusAfterDecision(decidedItem);
      return;
    }
    window.setTimeout(() => {
      if (opener.current?.isConnected) opener.current.focus();
    }, 0);
  }

  /**
   * Once a decision has taken its item out of the queue, focus goes to the item that followed it
   * (the one before, at the end of a page), so staff go on down the queue; to the page's heading
   * when none is left or the decision was for several items.
   */
  function focusAfterDecision(item: QueueItem | null) {
    const index = item ? items.findIndex((i) => i.key === item.key) : -1;
    const next = index >= 0 ? (items[index + 1] ?? items[index - 1]) : undefined;
    const rowOf = (key: string) =>
      document.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(key)}"]`);
    focusWhen(
      () => {
        if (!next || (item && rowOf(item.key))) return null;
        return rowOf(next.key)?.querySelector<HTMLElement>('button:not([disabled]), a[href]');
      },
      { waitMs: next ? 3000 : 0, fallback: () => heading.current },
    );
  }

  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const total = queue.data?.total ?? 0;
  // A selection holds only rows on screen: a row that left the queue (decided elsewhere) leaves it.
  const chosen = items.filter((i) => selected.includes(i.key));
  const toActivate = chosen.filter((i) => bulkKindOf(i) === 'activate');
  const toTerminate = chosen.filter((i) => bulkKindOf(i) === 'terminate');

  // A page left empty by decisions (the last item of the last page) moves back to the last page.
  const lastPage = Math.max(1, Math.ceil(total / state.size));
  const pastEnd = queue.isSuccess && !queue.isPlaceholderData && items.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) setState({ page: lastPage });
  }, [pastEnd, lastPage, setState]);

  const filtered = isFiltered(state);
  // Only activations and terminations are decided together.
  const bulkable = !state.kind || state.kind === 'activation' || state.kind === 'termination';
  const clearFilters = () => {
    search.clear();
    setState({ kind: null, vendor: null, age: null, search: '', page: 1 }, 'push');
  };

  /** Posts a decision; once taken (or stale) its row leaves, and focus goes on to the next item. */
  async function decide(action: QueueAction) {
    const outcome = await runAction(single.mutateAsync, action);
    if (!outcome.ok && !outcome.stale) void toast('error', errorMessage(outcome.error));
    else focusAfterDecision(action.item);
  }

  /**
   * Asks before a decision that cannot be taken back; Cancel has the focus, so a second Enter
   * does not decide by accident.
   */
  function confirmFirst(
    title: string,
    content: string,
    okText: string,
    danger: boolean,
    onOk: () => Promise<void>,
  ) {
    Modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk,
    });
  }

  function onAction(item: QueueItem, kind: ItemActionKind) {
    switch (kind) {
      case 'activate':
      case 'decline':
      case 'approve-paper':
      case 'review-licence':
      case 'extend':
      case 'waive':
      case 'terminate-finding':
        openDialog({ kind, item });
        return;
      case 'review':
        void decide({ kind, item });
        return;
      case 'approve':
        confirmFirst(
          `Approve the ${QUEUE_KIND_LABELS[item.kind].toLowerCase()} of ${item.domainName}?`,
          `Requested: ${item.requested}. It is applied to the website at once, and ${item.vendor.name} (${item.vendor.code}) is told.`,
          'Approve',
          false,
          () => decide({ kind: 'approve', item }),
        );
        return;
      case 'terminate':
        confirmFirst(
          `Terminate ${item.domainName}?`,
          `The website becomes Inactive for ${item.vendor.name} (${item.vendor.code}), and the vendor is told.`,
          'Terminate',
          true,
          () => decide({ kind: 'terminate', item }),
        );
        return;
    }
  }

  function runBulk(kind: BulkKind, chosenItems: QueueItem[]) {
    const texts = BULK_TEXTS[kind];
    Modal.confirm({
      title: `${texts.verb} ${websites(chosenItems.length)}?`,
      content: texts.effect,
      okText: `${texts.verb} ${websites(chosenItems.length)}`,
      okButtonProps: { danger: kind === 'terminate' },
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          const result = await bulk.mutateAsync({ kind, items: chosenItems });
          setSelected([]);
          setBulkResult({ title: `${texts.title} of ${websites(result.results.length)}`, result });
        } catch (err) {
          void toast('error', errorMessage(err));
        }
      },
    });
  }

  const pending = single.isPending ? single.variables : undefined;
  const busy = (item: QueueItem): ItemActionKind | null =>
    pending && pending.item.key === item.key && pending.kind !== 'reject' ? pending.kind : null;

  const emptyText = filtered ? (
    <EmptyState
      title={QueueMessages.emptyFiltered}
      action={<Button onClick={clearFilters}>Clear filters</Button>}
    />
  ) : (
    <EmptyState title={QueueMessages.empty} />
  );

  return (
    <Card
      className="vp-queue"
      title={
        <h1 className="vp-card-title" ref={heading} tabIndex={-1}>
          {QueueMessages.title}
        </h1>
      }
    >
      {queue.isError && !queue.data ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <>
          <QueueSummaryBar summary={queue.data?.summary} />
          <div className="vp-toolbar vp-queue-toolbar">
            <QueueFilters
              kind={state.kind}
              onKind={(kind) => setState({ kind, page: 1 }, 'push')}
              vendor={state.vendor}
              onVendor={(vendor) => setState({ vendor, page: 1 }, 'push')}
              vendors={vendors.data ?? []}
              vendorsLoading={vendors.isPending}
              age={state.age}
              onAge={(age) => setState({ age, page: 1 }, 'push')}
              search={search.text}
              onSearch={search.change}
              onClear={filtered ? clearFilters : null}
            />
          </div>
          {bulkable && (
            <div className="vp-queue-bulk" role="group" aria-label="Selected websites">
              <span className="vp-muted" aria-live="polite">
                {chosen.length === 0
                  ? 'Select activations or terminations to decide them together.'
                  : `${websites(chosen.length)} selected`}
              </span>
              <Space wrap>
                <Button
                  disabled={toActivate.length === 0}
                  loading={bulk.isPending && bulk.variables?.kind === 'activate'}
                  onClick={() => runBulk('activate', toActivate)}
                >
                  Activate selected{toActivate.length > 0 ? ` (${toActivate.length})` : ''}
                </Button>
                <Button
                  danger
                  disabled={toTerminate.length === 0}
                  loading={bulk.isPending && bulk.variables?.kind === 'terminate'}
                  onClick={() => runBulk('terminate', toTerminate)}
                >
                  Terminate selected{toTerminate.length > 0 ? ` (${toTerminate.length})` : ''}
                </Button>
              </Space>
            </div>
          )}
          {queue.isError && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
          <QueueTable
            items={items}
            total={total}
            loading={queue.isPending}
            refreshing={queue.isPlaceholderData}
            emptyText={emptyText}
            page={state.page}
            pageSize={state.size}
            onPage={(page, size) => {
              setSelected([]);
              setState({ page, size }, 'push');
            }}
            selected={selected}
            onSelect={setSelected}
            selectable={bulkable}
            onAction={onAction}
            onReject={(item, documentId, type) => openDialog({ kind: 'reject', item, documentId, type })}
            busy={busy}
          />
        </>
      )}
      {dialog?.kind === 'activate' && <ActivateDialog item={dialog.item} onClose={closeDialog} />}
      {dialog?.kind === 'decline' && (
        <ReasonDialog
          title={`Decline the ${QUEUE_KIND_LABELS[dialog.item.kind].toLowerCase()} of ${dialog.item.domainName}`}
          intro={`Requested: ${dialog.item.requested}. The request is closed and the vendor is told why.`}
          okText="Decline"
          formName="queue-decline"
          action={(reason) => ({ kind: 'decline', item: dialog.item, reason })}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'approve-paper' && (
        <ReasonDialog
          title={`Approve the ${QUEUE_KIND_LABELS[dialog.item.kind].toLowerCase()} of ${dialog.item.domainName} on a paper form`}
          intro={`Requested: ${dialog.item.requested}. No signed Site Access Form for the new terms is on file. Say which paper form covers them: it is kept with the licence and in the site's History.`}
          okText="Approve"
          formName="queue-approve-paper"
          label="Paper form"
          rule={paperFormSchema}
          extra="For example who signed it, when, and where it is kept."
          danger={false}
          action={(paperForm) => ({ kind: 'approve', item: dialog.item, paperForm })}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'review-licence' && (
        <ReasonDialog
          title={`Review the licence of ${dialog.item.domainName}`}
          intro={QueueMessages.licenceWithoutForm}
          okText="Record review"
          formName="queue-review-licence"
          label="What covers it"
          rule={licenceNoteSchema}
          extra="Kept with the licence and shown in the site's History."
          danger={false}
          action={(note) => ({ kind: 'review-licence', item: dialog.item, note })}
          onClose={closeDialog}
        />
      )}
      {(dialog?.kind === 'extend' || dialog?.kind === 'terminate-finding') && (
        <FindingDialog item={dialog.item} decision={dialog.kind} onClose={closeDialog} />
      )}
      {dialog?.kind === 'waive' && (
        <ReasonDialog
          title={`Waive the finding "${dialog.item.finding?.rule ?? ''}" of ${dialog.item.domainName}`}
          intro={`${dialog.item.reason} The finding is closed as it is, and is not raised again while the website stays this way; the vendor is told why.`}
          okText="Waive"
          formName="queue-waive"
          extra="The vendor sees it; History keeps it."
          danger={false}
          action={(reason) => ({ kind: 'waive', item: dialog.item, reason })}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'reject' && (
        <ReasonDialog
          title={`Reject the ${dialog.type} of ${dialog.item.domainName}`}
          intro="The document is marked rejected; the vendor is told why and can upload another."
          okText="Reject"
          formName="queue-reject"
          action={(reason) => ({
            kind: 'reject',
            item: dialog.item,
            documentId: dialog.documentId,
            reason,
          })}
          onClose={closeDialog}
        />
      )}
      {bulkResult && (
        <BulkResultsDialog
          title={bulkResult.title}
          result={bulkResult.result}
          onClose={() => {
            // The selection is spent and its buttons are disabled: focus goes back to the top.
            setBulkResult(null);
            closeDialog(true);
          }}
        />
      )}
    </Card>
  );
}
