import {
  SITE_STATUSES,
  SITE_STATUS_DISPLAY,
  WebsiteListMessages,
  type SiteStatus,
  type WebsiteListMissing,
} from '@vp/contract';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Tag } from 'antd';
import { MISSING_FILTER_LABELS } from '../list-state.ts';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

/**
 * Status filter (display names) and free-text search over every column the list shows. The search runs as the user types, so it has no button of its own: one Tab stop less
 * on the way to the table. A filter the page was opened with (the dashboard's sites missing
 * documents) shows as a tag that says why the list is short, and removes itself.
 */
export function WebsitesFilter({
  status,
  onStatus,
  search,
  onSearch,
  missing = null,
  onClearMissing,
  ids = null,
  onClearIds,
}: {
  status: SiteStatus | null;
  onStatus: (s: SiteStatus | null) => void;
  search: string;
  onSearch: (text: string) => void;
  missing?: WebsiteListMissing | null;
  onClearMissing?: () => void;
  /** The sites a notification named, which the list holds alone until the tag is removed. */
  ids?: readonly number[] | null;
  onClearIds?: () => void;
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
        placeholder="Domain, licensee, MLS ID, office"
        allowClear={CLEARABLE}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      {missing && (
        <Tag className="vp-filter-tag" data-testid="missing-filter">
          <span>{MISSING_FILTER_LABELS[missing]}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden="true" />}
            aria-label={`Remove the filter ${MISSING_FILTER_LABELS[missing]}`}
            onClick={onClearMissing}
          />
        </Tag>
      )}
      {ids && (
        <Tag className="vp-filter-tag" data-testid="ids-filter">
          <span>{WebsiteListMessages.idsFilter(ids.length)}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden="true" />}
            aria-label={`Remove the filter ${WebsiteListMessages.idsFilter(ids.length)}`}
            onClick={onClearIds}
          />
        </Tag>
      )}
    </>
  );
}
