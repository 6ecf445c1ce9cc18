import { Card } from 'antd';
import type { ReactNode } from 'react';
import './report-card.css';

/** One report of the console: its heading, a line on what it counts, its tools, then its figures. */
export function ReportCard({
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
    <Card className="vp-report" role="region" aria-labelledby={id} data-testid={id}>
      <div className="vp-report-head">
        <div className="vp-report-intro">
          <h2 id={id} className="vp-card-title">
            {title}
          </h2>
          <p className="vp-muted vp-report-note">{note}</p>
        </div>
        {tools && <div className="vp-report-tools">{tools}</div>}
      </div>
      {children}
    </Card>
  );
}
