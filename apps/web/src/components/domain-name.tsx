import { Fragment } from 'react';

/**
 * A domain that wraps where a reader expects it to, after a dot (kathleenmoralesrealtor.|homes),
 * and mid-label only when one label alone is wider than its column. Copying it copies the domain.
 */
export function DomainName({ domain, className }: { domain: string; className?: string }) {
  const labels = domain.split('.');
  return (
    <span className={className} data-domain={domain}>
      {labels.map((label, i) => (
        <Fragment key={i}>
          {label}
          {i < labels.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
