import { ReloadOutlined } from '@ant-design/icons';
import {
  COMPLIANCE_RULE_LABELS,
  displayDate,
  type ComplianceFinding,
  type SiteCompliance,
} from '@vp/contract';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { ComplianceBadge } from '../../../components/status-badge.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { displayDateTime } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useCheckNow, useCheckScreenshot, useSiteCompliance } from '../api.ts';
import '../compliance.css';

/**
 * The website modal's Compliance tab: the latest check rule by rule, with what decided each; the
 * open findings with the day each must be fixed by; "Fixed: check again"; and the past findings.
 */

const TRIGGER_TEXT: Record<NonNullable<SiteCompliance['latest']>['trigger'], string> = {
  schedule: 'daily check',
  vendor: 'checked on request',
  staff: 'checked by MLS staff',
};

/** Today on the calendar the fix-by dates are kept in (UTC), as yyyy-mm-dd. */
const utcToday = () => new Date().toISOString().slice(0, 10);

function FindingItem({ finding }: { finding: ComplianceFinding }) {
  const overdue = finding.state === 'open' && finding.dueOn < utcToday();
  const closed =
    finding.state === 'resolved'
      ? `Resolved ${displayDateTime(finding.closedAt)}`
      : finding.state === 'waived'
        ? `Waived by MLS staff ${displayDateTime(finding.closedAt)}${finding.closeReason ? `: ${finding.closeReason}` : ''}`
        : null;
  return (
    <li className="vp-compliance-finding" data-testid="compliance-finding" data-state={finding.state}>
      <strong>{COMPLIANCE_RULE_LABELS[finding.kind]}</strong>
      <span>{finding.reason}</span>
      {finding.evidence && <span className="vp-compliance-evidence">{finding.evidence}</span>}
      <span className="vp-muted">
        Found {displayDateTime(finding.openedAt)}
        {closed ? ` · ${closed}` : overdue ? '' : ` · Fix by ${displayDate(finding.dueOn)}`}
      </span>
      {overdue && (
        <span className="vp-compliance-overdue" data-testid="compliance-overdue">
          Overdue since {displayDate(finding.dueOn)}: the MLS decides what happens next (a later date, a
          waiver, or the end of the licence). Fix the page and check again to resolve it.
        </span>
      )}
    </li>
  );
}

/** The home page as the check drew it, shown when asked (kept when pages are drawn by Chromium). */
function Screenshot({ siteId, checkId }: { siteId: number; checkId: number }) {
  const [shown, setShown] = useState(false);
  const image = useCheckScreenshot(siteId, shown ? checkId : null);
  if (!shown)
    return (
      <Button type="link" className="vp-compliance-shot-toggle" onClick={() => setShown(true)}>
        Show the page as checked
      </Button>
    );
  if (image.isError) return <p className="vp-muted">{errorMessage(image.error)}</p>;
  if (!image.data) return <LoadingState label="Loading the screenshot" rows={2} />;
  return (
    <figure className="vp-compliance-shot">
      <img src={image.data} alt="The website's home page as the last check drew it" />
      <figcaption className="vp-muted">The home page as the last check drew it.</figcaption>
    </figure>
  );
}

export function ComplianceTab({ siteId, readOnly }: { siteId: number; readOnly: boolean }) {
  const compliance = useSiteCompliance(siteId);
  const check = useCheckNow(siteId);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  if (compliance.isError)
    return <ErrorState error={compliance.error} onRetry={() => void compliance.refetch()} />;
  if (!compliance.data) return <LoadingState label="Loading the compliance checks" rows={4} />;
  const { latest, findings, nextCheckAllowedAt, checkable } = compliance.data;
  const open = findings.filter((f) => f.state === 'open');
  const past = findings.filter((f) => f.state !== 'open');
  // A failing rule the MLS waived (its newest finding) still fails, by the MLS's leave.
  const waived = (r: { productId: number; ruleId: string }) =>
    findings.find((f) => f.productId === r.productId && f.ruleId === r.ruleId)?.state === 'waived';

  async function checkAgain() {
    try {
      const fresh = await check.mutateAsync();
      // The button waits for its next turn now: focus goes to what the check says.
      window.setTimeout(() => summaryRef.current?.focus(), 0);
      const still = fresh.findings.filter((f) => f.state === 'open').length;
      const open = `${still} ${still === 1 ? 'finding is' : 'findings are'} still open`;
      if (fresh.latest?.decision === 'unknown')
        void toast(
          'warning',
          `The website could not be read, so nothing changed${still ? `: ${open}` : ''}.`,
        );
      else if (still === 0) void toast('success', 'Checked: the website passes every rule.');
      else void toast('info', `Checked: ${open}.`);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  return (
    <div className="vp-compliance" data-testid="compliance-tab">
      <div className="vp-compliance-head">
        <p className="vp-compliance-summary" data-testid="compliance-summary" ref={summaryRef} tabIndex={-1}>
          {latest ? (
            <>
              Last checked {displayDateTime(latest.startedAt)} ({TRIGGER_TEXT[latest.trigger]}):{' '}
              <ComplianceBadge decision={latest.decision} />
            </>
          ) : checkable ? (
            'Not checked yet.'
          ) : (
            'This website is not checked: only Active and Pending Termination websites whose product has compliance rules are.'
          )}
        </p>
        {!readOnly && checkable && (
          <div className="vp-compliance-action">
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={check.isPending}
              disabled={!!nextCheckAllowedAt}
              onClick={() => void checkAgain()}
              aria-describedby={nextCheckAllowedAt ? 'vp-compliance-next' : undefined}
            >
              {open.length > 0 ? 'Fixed: check again' : 'Check now'}
            </Button>
            {nextCheckAllowedAt && (
              <span id="vp-compliance-next" className="vp-muted">
                Can be checked again after {displayDateTime(nextCheckAllowedAt)}.
              </span>
            )}
          </div>
        )}
      </div>

      {open.length > 0 && (
        <section aria-labelledby="vp-compliance-open">
          <h2 id="vp-compliance-open" className="vp-compliance-heading">
            Open findings ({open.length})
          </h2>
          <ul className="vp-compliance-list">
            {open.map((f) => (
              <FindingItem key={f.id} finding={f} />
            ))}
          </ul>
        </section>
      )}

      {latest && (
        <section aria-labelledby="vp-compliance-rules">
          <h2 id="vp-compliance-rules" className="vp-compliance-heading">
            Rules in the last check
          </h2>
          {latest.screenshot && <Screenshot siteId={siteId} checkId={latest.id} />}
          <ul className="vp-compliance-list">
            {latest.results.map((r) => (
              <li
                key={`${r.productId}-${r.ruleId}`}
                className="vp-compliance-rule"
                data-testid="compliance-rule"
              >
                <div className="vp-compliance-rule-head">
                  <strong>{COMPLIANCE_RULE_LABELS[r.kind]}</strong>
                  <span className="vp-compliance-rule-marks">
                    {r.decision === 'fail' && waived(r) && (
                      <span className="vp-muted" data-testid="compliance-waived">
                        Waived by the MLS
                      </span>
                    )}
                    <ComplianceBadge decision={r.decision} />
                  </span>
                </div>
                <span>{r.reason}</span>
                {r.evidence && <span className="vp-compliance-evidence">{r.evidence}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {past.length > 0 && (
        <section aria-labelledby="vp-compliance-past">
          <h2 id="vp-compliance-past" className="vp-compliance-heading">
            Past findings
          </h2>
          <ul className="vp-compliance-list">
            {past.map((f) => (
              <FindingItem key={f.id} finding={f} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
