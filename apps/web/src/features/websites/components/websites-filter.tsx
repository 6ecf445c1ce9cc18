import { SITE_STATUSES, SITE_STATUS_DISPLAY, type SiteStatus } from '@vp/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';

/**
 * Status filter (display names) and free-text search over every column the list shows. The search runs as the user types, so it has no button of its own: one Tab stop less
 * on the way to the table.
 */
export function WebsitesFilter({
  status,
  onStatus,
  search,
  onSearch,
}: {
  status: SiteStatus | null;
  onStatus: (s: SiteStatus | null) => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  return (
    <>
      <Select<SiteStatus>
        className="vp-status-filter"
        aria-label="Status filter"
        data-testid="status-filter"
        placeholder="All statuses"
        allowClear
        value={status ?? undefined}
        onChange={(v) => onStatus(v ?? null)}
        options={SITE_STATUSES.map((s) => ({ value: s, label: SITE_STATUS_DISPLAY[s] }))}
      />
      <Input
        className="vp-search"
        prefix={<SearchOutlined aria-hidden="true" />}
        aria-label="Search websites"
        placeholder="Domain, licensee, MLS ID, member #, office …"
        allowClear
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
    </>
  );
}
