import { Card } from 'antd';
import type { ReactNode } from 'react';

/** One part of the report: its heading, a line on what it counts, its tools, then its figures. */
export function ReportSection({
  id,
  title,
  note,
  tools,
  children,
}: {
  id: string;
  title: string;
  note: ReactNode;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="vp-cr-section" role="region" aria-labelledby={id} data-testid={id}>
      <div className="vp-cr-section-head">
        <div className="vp-cr-section-intro">
          <h2 id={id} className="vp-card-title">
            {title}
          </h2>
          <p className="vp-muted vp-cr-note">{note}</p>
        </div>
        {tools && <div className="vp-cr-tools">{tools}</div>}
      </div>
      {children}
    </Card>
  );
}
