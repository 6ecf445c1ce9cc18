import type { ComplianceReport } from '@vp/contract';
import { Select } from 'antd';
import type { ComplianceFilter } from '../report-filter.ts';

/**
 * What the report covers: every vendor or one, every product or one. The choices come with the
 * report; until it has come, a filter from the URL shows as its id.
 */
export function ReportFilters({
  filter,
  choices,
  onChange,
}: {
  filter: ComplianceFilter;
  choices: ComplianceReport['choices'] | undefined;
  onChange: (patch: Partial<ComplianceFilter>) => void;
}) {
  const vendors = (choices?.vendors ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.code})` }));
  const products = (choices?.products ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <div className="vp-cr-filters">
      <label className="vp-cr-filter">
        <span>Vendor</span>
        <Select<number>
          className="vp-cr-filter-select"
          aria-label="Vendor"
          placeholder="All vendors"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter.vendor ?? undefined}
          options={vendors}
          onChange={(v) => onChange({ vendor: v ?? null })}
        />
      </label>
      <label className="vp-cr-filter">
        <span>Product</span>
        <Select<number>
          className="vp-cr-filter-select"
          aria-label="Product"
          placeholder="All products"
          allowClear
          value={filter.product ?? undefined}
          options={products}
          onChange={(v) => onChange({ product: v ?? null })}
        />
      </label>
    </div>
  );
}
