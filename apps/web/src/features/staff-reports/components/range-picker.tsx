import { REPORT_MONTHS_MAX, type ReportRange } from '@vp/contract';
import { Button, DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { withFrom, withTo } from '../report-range.ts';

const FORMAT = 'MMM YYYY';
const toMonth = (d: Dayjs) => d.format('YYYY-MM');
const toDay = (month: string) => dayjs(`${month}-01`);

/**
 * The months the reports cover: a first and a last month, each its own field so both work by
 * keyboard and on a phone. Months after this one cannot be chosen; a choice that would reverse the
 * range, or make it longer than a report covers, moves the other end with it.
 */
export function RangePicker({
  range,
  currentMonth,
  isDefault,
  onChange,
}: {
  range: ReportRange;
  currentMonth: string;
  isDefault: boolean;
  onChange: (range: ReportRange | null) => void;
}) {
  const future = (d: Dayjs) => toMonth(d) > currentMonth;
  return (
    <div className="vp-report-range" role="group" aria-label="Months the reports cover">
      <label className="vp-report-range-field">
        <span>From</span>
        <DatePicker
          picker="month"
          format={FORMAT}
          allowClear={false}
          value={toDay(range.from)}
          disabledDate={future}
          onChange={(d) => d && onChange(withFrom(range, toMonth(d)))}
          aria-label="First month"
          data-testid="range-from"
        />
      </label>
      <label className="vp-report-range-field">
        <span>To</span>
        <DatePicker
          picker="month"
          format={FORMAT}
          allowClear={false}
          value={toDay(range.to)}
          disabledDate={future}
          onChange={(d) => d && onChange(withTo(range, toMonth(d)))}
          aria-label="Last month"
          data-testid="range-to"
        />
      </label>
      <Button onClick={() => onChange(null)} disabled={isDefault}>
        Last 12 months
      </Button>
      <span className="vp-muted vp-report-range-hint">Up to {REPORT_MONTHS_MAX} months, in UTC.</span>
    </div>
  );
}
