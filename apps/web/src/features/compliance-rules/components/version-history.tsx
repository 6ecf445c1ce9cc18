import { Button } from 'antd';
import { LoadingState } from '../../../components/query-states.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useRuleSetVersions } from '../api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A product's saved versions, newest first: when, by whom, how many rules, grace days. */
export function VersionHistory({ productId }: { productId: number }) {
  const versions = useRuleSetVersions(productId);
  let body;
  if (versions.isPending) body = <LoadingState label="Loading the versions" rows={2} />;
  else if (versions.isError)
    body = (
      <p className="vp-muted">
        {errorMessage(versions.error)}{' '}
        <Button size="small" type="link" onClick={() => void versions.refetch()}>
          Retry
        </Button>
      </p>
    );
  else if (versions.data.length === 0) body = <p className="vp-muted">No version saved yet.</p>;
  else
    body = (
      <ol className="vp-rules-versions" data-testid="rule-set-versions">
        {versions.data.map((v, i) => (
          <li key={v.version}>
            <span className="vp-rules-version-name">
              Version {v.version}
              {i === 0 && <span className="vp-muted"> (current)</span>}
            </span>
            <span className="vp-rules-version-meta">
              <span>
                {displayDateTime(v.createdAt)}
                {v.createdBy ? ` by ${v.createdBy}` : ''}
              </span>
              <span>{plural(v.ruleCount, 'rule', 'rules')}</span>
              <span>{plural(v.graceDays, 'grace day', 'grace days')}</span>
            </span>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="vp-rules-history" aria-labelledby="rule-set-history">
      <h2 id="rule-set-history" className="vp-rules-section-title">
        Version history
      </h2>
      {body}
    </section>
  );
}
