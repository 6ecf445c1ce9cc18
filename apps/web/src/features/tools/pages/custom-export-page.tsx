import { DownloadOutlined } from '@ant-design/icons';
import { countOf, EXPORT_COLUMNS, formatCount, type SiteStatus, type Website } from '@vp/contract';
import { Button, Card, Checkbox, Space } from 'antd';
import { useState, type Key } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import {
  ALL_EXPORT_KEYS,
  emptyListReason,
  listParams,
  loadWebsiteExport,
  tableChange,
  useListSearch,
  useWebsites,
  useWebsitesListState,
  WebsitesFilter,
  WebsitesTable,
  type ExportColumnKey,
  type TableState,
} from '../../websites/index.ts';

/**
 * What is chosen for export: rows picked one by one (kept across pages), or every website the
 * current filter and search find, on every page.
 */
type Selection = { kind: 'rows'; rows: Map<Key, Website> } | { kind: 'all' };

const NONE: Selection = { kind: 'rows', rows: new Map() };

/** Why Export cannot run yet, in a sentence; null when it can. */
function exportBlocker(selected: number, columns: number): string | null {
  if (selected === 0 && columns === 0) return 'Select websites and at least one column to export.';
  if (selected === 0) return 'Select the websites to export.';
  if (columns === 0) return 'Choose at least one column to export.';
  return null;
}

/** Custom Export (spec §2 Tools): pick websites across pages and the columns to write. */
export default function CustomExportPage() {
  const [state, setState] = useWebsitesListState();
  const [selection, setSelection] = useState<Selection>(NONE);
  const [columns, setColumns] = useState<ExportColumnKey[]>([...ALL_EXPORT_KEYS]);
  const list = useWebsites(listParams(state));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const all = selection.kind === 'all';

  // 'All websites' means those the filter and search find; a new filter or search starts over.
  const startOver = () => setSelection((s) => (s.kind === 'all' ? NONE : s));
  const search = useListSearch(state.search, (text) => {
    startOver();
    setState({ search: text, page: 1 });
  });
  const setStatus = (next: SiteStatus | null) => {
    startOver();
    setState({ filter: next, page: 1 });
  };
  const setTable = (change: Partial<TableState>) => setState(tableChange(change));

  const selectedCount = all ? total : selection.rows.size;
  const pageKeys = rows.map((r) => r.rowKey as Key);
  const pageAllPicked =
    !all && pageKeys.length > 0 && pageKeys.every((k) => selection.kind === 'rows' && selection.rows.has(k));
  const blocker = exportBlocker(selectedCount, columns.length);

  async function run() {
    try {
      const runner = await loadWebsiteExport();
      const result =
        selection.kind === 'all'
          ? await runner.exportFilteredWebsites(
              {
                status: state.filter ?? undefined,
                search: state.search || undefined,
                sort: state.sort,
                order: state.order,
              },
              columns,
            )
          : await runner.exportSelectedWebsites([...selection.rows.values()], columns, {
              sort: state.sort,
              order: state.order,
            });
      void message.success(`Exported ${countOf(result.rows, 'website')} to ${result.fileName}`);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  const reason = emptyListReason(state);
  const emptyText = (
    <EmptyState
      title={reason ?? 'This account has no websites yet.'}
      action={
        reason && (
          <Space wrap>
            {state.search && <Button onClick={search.clear}>Clear the search</Button>}
            {state.filter && <Button onClick={() => setStatus(null)}>Show all websites</Button>}
          </Space>
        )
      }
    />
  );

  /** The header checkbox picked this page; the whole list is one click further. */
  const selectAllOffer =
    total > rows.length && (pageAllPicked || all)
      ? () => (
          <div className="vp-select-all" role="status" data-testid="select-all-offer">
            {all ? (
              <>
                All {countOf(total, 'website')} are selected.{' '}
                <Button type="link" size="small" onClick={() => setSelection(NONE)}>
                  Clear selection
                </Button>
              </>
            ) : (
              <>
                All {countOf(rows.length, 'website')} on this page are selected.{' '}
                <Button type="link" size="small" onClick={() => setSelection({ kind: 'all' })}>
                  Select all {formatCount(total)} websites
                </Button>
              </>
            )}
          </div>
        )
      : undefined;

  return (
    <Card title={<h1 className="vp-card-title">Custom Export</h1>} className="vp-custom-export">
      <fieldset className="vp-column-picker" style={{ border: 0, padding: 0 }}>
        <legend className="vp-muted" style={{ fontSize: 13, marginBottom: 6 }}>
          Columns
        </legend>
        <Checkbox.Group<ExportColumnKey>
          data-testid="column-picker"
          value={columns}
          onChange={(v) => setColumns(v)}
          options={EXPORT_COLUMNS.map((c) => ({ value: c.key, label: c.header }))}
        />
      </fieldset>
      <div className="vp-toolbar">
        <WebsitesFilter
          status={state.filter}
          onStatus={setStatus}
          search={search.text}
          onSearch={search.change}
        />
        <span className="vp-toolbar-grow" />
        <Space wrap>
          <span className="vp-muted" data-testid="selected-count">
            {formatCount(selectedCount)} selected
          </span>
          <Button onClick={() => setSelection(NONE)} disabled={selectedCount === 0}>
            Clear selection
          </Button>
          <BusyButton
            type="primary"
            icon={<DownloadOutlined />}
            disabled={blocker !== null}
            onClick={run}
            aria-describedby={blocker ? 'export-blocker' : undefined}
            data-testid="custom-export-button"
          >
            Export
          </BusyButton>
        </Space>
      </div>
      {blocker && (
        <p className="vp-export-blocker" id="export-blocker" data-testid="export-blocker">
          {blocker}
        </p>
      )}
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <WebsitesTable
          rows={rows}
          total={total}
          loading={list.isPending || list.isPlaceholderData}
          emptyText={emptyText}
          state={{ page: state.page, pageSize: state.size, sort: state.sort, order: state.order }}
          onStateChange={setTable}
          title={selectAllOffer}
          selection={{
            selectedRowKeys: all ? pageKeys : [...(selection.kind === 'rows' ? selection.rows.keys() : [])],
            preserveSelectedRowKeys: true,
            onChange: (keys, picked) =>
              setSelection((prev) => {
                // Leaving 'all' keeps what is still ticked on this page.
                const known = prev.kind === 'rows' ? prev.rows : new Map<Key, Website>();
                const next = new Map<Key, Website>();
                for (const k of keys) {
                  // Rows picked on other pages are not in `picked`; keep what is already known of them.
                  const row = picked.find((r) => r?.rowKey === k) ?? known.get(k);
                  if (row) next.set(k, row);
                }
                return { kind: 'rows', rows: next };
              }),
          }}
        />
      )}
    </Card>
  );
}
