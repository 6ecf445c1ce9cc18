import { ReportMessages } from '@vp/contract';
import { Alert, Button, Card } from 'antd';
import { ApprovalReport } from '../components/approval-report.tsx';
import { BillableReport } from '../components/billable-report.tsx';
import { ProductsReport } from '../components/products-report.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { useReportRange } from '../report-range.ts';
import '../reports.css';

/**
 * The MLS staff's reports: billable sites per vendor per month (with the workbook to download),
 * approval times per month against the goal, and sites by product and status today. The months
 * live in the URL; the charts' library loads with this page alone.
 */
export default function ReportsPage() {
  const { range, refusal, isDefault, setRange, currentMonth } = useReportRange();
  return (
    <div className="vp-reports">
      <Card className="vp-reports-head">
        <h1 className="vp-card-title">{ReportMessages.title}</h1>
        <RangePicker range={range} currentMonth={currentMonth} isDefault={isDefault} onChange={setRange} />
        {refusal && (
          <Alert
            type="warning"
            showIcon
            className="vp-reports-refusal"
            title={refusal}
            action={
              <Button size="small" onClick={() => setRange(null)}>
                Show the last 12 months
              </Button>
            }
          />
        )}
      </Card>
      {refusal === null && (
        <>
          <BillableReport range={range} />
          <ApprovalReport range={range} />
        </>
      )}
      <ProductsReport />
    </div>
  );
}
