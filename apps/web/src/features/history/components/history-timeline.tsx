import { Timeline } from 'antd';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useChangelog } from '../api.ts';
import {
  changeLabel,
  changeValue,
  hasFromValue,
  historyDate,
  historyUser,
  listDelta,
} from '../history-format.ts';

/** A website's change log as a timeline: date, description, who, and each field's before/after. */
export function HistoryTimeline({ siteId, enabled = true }: { siteId: number; enabled?: boolean }) {
  const log = useChangelog(siteId, enabled);
  if (log.isLoading) return <LoadingState label="Loading the history" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data ?? [];
  if (entries.length === 0) return <EmptyState title="No changes have been recorded for this website yet." />;

  return (
    <Timeline
      className="vp-history"
      data-testid="history-timeline"
      items={entries.map((e, i) => ({
        key: `${e.date}-${i}`,
        content: (
          <div className="vp-history-entry" data-testid="history-entry">
            <div className="vp-history-date">{historyDate(e.date)}</div>
            <div className="vp-history-description">{e.description}</div>
            <div className="vp-history-user">{historyUser(e.user)}</div>
            {e.changes.length > 0 && (
              <ul className="vp-history-change">
                {e.changes.map((c, j) => {
                  const delta = c.path.at(-1) === 'memberIds' ? listDelta(c.from, c.to) : null;
                  if (delta && delta.added.length + delta.removed.length > 0) {
                    return (
                      <li key={j} data-testid="history-change">
                        <span className="vp-history-path">{changeLabel(e.kind, c.path)}</span>:{' '}
                        {[
                          delta.added.length > 0 && `added ${delta.added.join(', ')}`,
                          delta.removed.length > 0 && `removed ${delta.removed.join(', ')}`,
                        ]
                          .filter(Boolean)
                          .join('; ')}
                      </li>
                    );
                  }
                  return (
                    <li key={j} data-testid="history-change">
                      <span className="vp-history-path">{changeLabel(e.kind, c.path)}</span>:{' '}
                      {hasFromValue(c.path) && (
                        <>
                          <span className="vp-history-from" aria-label="from">
                            {changeValue(c.path, c.from)}
                          </span>{' '}
                          →{' '}
                        </>
                      )}
                      <span className="vp-history-to" aria-label="to">
                        {changeValue(c.path, c.to)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}
