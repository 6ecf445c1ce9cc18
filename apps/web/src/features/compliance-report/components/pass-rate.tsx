import { passRateText } from '@vp/contract';

/** A pass rate in words, over a bar as long as it (the bar is a picture of the words beside it). */
export function PassRate({ rate }: { rate: number | null }) {
  if (rate === null) return <span className="vp-muted">N/A</span>;
  return (
    <span className="vp-cr-rate">
      <span className="vp-cr-rate-text">{passRateText(rate)}</span>
      <span className="vp-cr-rate-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(rate * 100)}%` }} />
      </span>
    </span>
  );
}

/** A count that needs attention when above zero: stronger then, and muted at zero. */
export function AttentionCount({ n }: { n: number }) {
  return n > 0 ? (
    <strong className="vp-cr-attention">{n.toLocaleString('en-US')}</strong>
  ) : (
    <span className="vp-muted">0</span>
  );
}
