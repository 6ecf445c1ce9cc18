import type { AccountChangeSubject } from '@vp/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useAccountHistory } from '../api.ts';

/** What MLS staff changed on a vendor, a user or a document type, newest first, with who did it. */
export function ChangeHistory({ subject, id }: { subject: AccountChangeSubject; id: number }) {
  const history = useAccountHistory(subject, id);
  if (history.isPending) return <LoadingState label="Loading the history" rows={3} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0)
    return <EmptyState title="Nothing has been changed here in the console yet." />;
  return (
    <ul className="vp-console-history" data-testid="change-history">
      {history.data.map((entry) => (
        <li key={entry.id}>
          {entry.description}
          <span className="vp-console-history-meta">
            {displayDateTime(entry.at)} · {entry.actor}
          </span>
        </li>
      ))}
    </ul>
  );
}
