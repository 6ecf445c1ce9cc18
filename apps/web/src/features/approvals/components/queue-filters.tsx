import { SearchOutlined } from '@ant-design/icons';
import {
  QUEUE_AGE_LABELS,
  QUEUE_AGES,
  QUEUE_KIND_LABELS,
  QUEUE_KINDS,
  type QueueAge,
  type QueueKind,
  type QueueVendor,
  formatCount,
} from '@vp/contract';
import { Button, Input, Select } from 'antd';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

/** What the vendor filter shows for a vendor: its name and code, and what it has waiting. */
export function vendorLabel(v: QueueVendor): string {
  return `${v.name} (${v.code}) · ${formatCount(v.waiting)} waiting`;
}

/**
 * The queue's filters: kind, vendor (those with items waiting, with how many), age in business
 * days, and a search over domain, vendor and agent that runs as the user types.
 */
export function QueueFilters({
  kind,
  onKind,
  vendor,
  onVendor,
  vendors,
  vendorsLoading,
  age,
  onAge,
  search,
  onSearch,
  onClear,
}: {
  kind: QueueKind | null;
  onKind: (k: QueueKind | null) => void;
  vendor: number | null;
  onVendor: (id: number | null) => void;
  vendors: readonly QueueVendor[];
  vendorsLoading: boolean;
  age: QueueAge | null;
  onAge: (a: QueueAge | null) => void;
  search: string;
  onSearch: (text: string) => void;
  onClear: (() => void) | null;
}) {
  const vendorOptions = vendors.map((v) => ({ value: v.id, label: vendorLabel(v) }));
  // A vendor from a shared link that has nothing waiting any more still shows as chosen.
  if (vendor !== null && !vendorsLoading && !vendors.some((v) => v.id === vendor))
    vendorOptions.push({ value: vendor, label: `Vendor ${vendor} · nothing waiting` });
  return (
    <>
      <Select<QueueKind>
        className="vp-queue-filter-kind"
        aria-label="Kind filter"
        data-testid="kind-filter"
        placeholder="All kinds"
        allowClear
        value={kind ?? undefined}
        onChange={(v) => onKind(v ?? null)}
        options={QUEUE_KINDS.map((k) => ({ value: k, label: QUEUE_KIND_LABELS[k] }))}
      />
      <Select<number>
        className="vp-queue-filter-vendor"
        aria-label="Vendor filter"
        data-testid="vendor-filter"
        placeholder="All vendors"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={vendorsLoading}
        value={vendorsLoading ? undefined : (vendor ?? undefined)}
        onChange={(v) => onVendor(v ?? null)}
        options={vendorOptions}
        popupMatchSelectWidth={false}
      />
      <Select<QueueAge>
        className="vp-queue-filter-age"
        aria-label="Age filter"
        data-testid="age-filter"
        placeholder="Any age"
        allowClear
        value={age ?? undefined}
        onChange={(v) => onAge(v ?? null)}
        options={QUEUE_AGES.map((a) => ({ value: a, label: QUEUE_AGE_LABELS[a] }))}
      />
      <Input
        className="vp-search vp-queue-search"
        prefix={<SearchOutlined aria-hidden="true" />}
        aria-label="Search the queue"
        placeholder="Domain, vendor, agent"
        allowClear={CLEARABLE}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      {onClear && (
        <Button type="link" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </>
  );
}
