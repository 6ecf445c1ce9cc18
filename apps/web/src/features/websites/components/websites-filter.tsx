import { SITE_STATUSES, SITE_STATUS_DISPLAY, type SiteStatus } from '@vp/contract';
import { Input, Select } from 'antd';

/** Status filter (display names) and free-text search over domain, licensee, member number and office. */
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
      <Input.Search
        className="vp-search"
        aria-label="Search websites"
        placeholder="Domain, licensee, member # or office"
        allowClear
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
    </>
  );
}
