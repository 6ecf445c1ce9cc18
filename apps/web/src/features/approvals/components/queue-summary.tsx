import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { QueueSummary } from '@vp/contract';
import { countOf, formatCount } from '@vp/contract';
import { Skeleton } from 'antd';
import { durationText, goalMet, sinceDate, waitingText } from '../queue-format.ts';

/**
 * The queue's header: how much waits on the MLS's decision now (terminations whose term date is
 * still ahead are counted apart), for how long the oldest item has, and whether
 * decisions keep to the goal of one business day (the median of the last 30 days).
 */
export function QueueSummaryBar({ summary }: { summary: QueueSummary | undefined }) {
  if (!summary) {
    return (
      <div className="vp-queue-summary" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  const met = goalMet(summary.medianDecisionHours);
  return (
    <dl className="vp-queue-summary" data-testid="queue-summary">
      <div className="vp-queue-stat" data-testid="queue-waiting">
        <dt>Waiting</dt>
        <dd>
          <span className="vp-queue-stat-value">{formatCount(summary.waiting)}</span>
          <span className="vp-queue-stat-note">{summary.waiting === 1 ? 'item' : 'items'}</span>
          {summary.scheduled > 0 && (
            <span className="vp-queue-stat-note vp-queue-stat-apart" data-testid="queue-scheduled">
              and {countOf(summary.scheduled, 'termination')} waiting for{' '}
              {summary.scheduled === 1 ? 'its' : 'their'} term date
            </span>
          )}
        </dd>
      </div>
      <div className="vp-queue-stat" data-testid="queue-oldest">
        <dt>Oldest</dt>
        <dd>
          {summary.oldestSince === null || summary.oldestBusinessDays === null ? (
            <span className="vp-queue-stat-value vp-queue-stat-none">None</span>
          ) : (
            <>
              <span className="vp-queue-stat-value">{waitingText(summary.oldestBusinessDays)}</span>
              <span className="vp-queue-stat-note">since {sinceDate(summary.oldestSince)}</span>
            </>
          )}
        </dd>
      </div>
      <div className="vp-queue-stat" data-testid="queue-median">
        <dt>Median time to decision, last 30 days</dt>
        <dd>
          {summary.medianDecisionHours === null ? (
            <span className="vp-queue-stat-value vp-queue-stat-none">No decisions yet</span>
          ) : (
            <>
              <span className="vp-queue-stat-value">{durationText(summary.medianDecisionHours)}</span>
              <span className="vp-queue-stat-note">
                {formatCount(summary.decisions30Days)}{' '}
                {summary.decisions30Days === 1 ? 'decision' : 'decisions'}
              </span>
            </>
          )}
          <span
            className={`vp-queue-goal${met === true ? ' vp-queue-goal-met' : ''}${met === false ? ' vp-queue-goal-missed' : ''}`}
            data-testid="queue-goal"
          >
            {met === true && <CheckCircleFilled aria-hidden="true" />}
            {met === false && <ExclamationCircleFilled aria-hidden="true" />}
            {met === true && 'Goal met: under one business day'}
            {met === false && 'Goal missed: under one business day'}
            {met === null && 'Goal: under one business day'}
          </span>
        </dd>
      </div>
    </dl>
  );
}
