import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_COLUMNS, type SiteStatus, type Website } from '@vp/contract';
import { Alert, Button, Card, Checkbox, Space } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import {
  ALL_EXPORT_KEYS,
  loadWebsiteExport,
  useWebsites,
  WebsitesFilter,
  WebsitesTable,
  type ExportColumnKey,
  type TableState,
} from '../../websites/index.ts';

/** Custom Export (spec §2 Tools): pick websites across pages and the columns to write. */
export default function CustomExportPage() {
  const [status, setStatus] = useState<SiteStatus | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [table, setTable] = useState<TableState>({ page: 1, pageSize: 50, sort: 'domainName', order: 'asc' });
  const [selected, setSelected] = useState<Map<Key, Website>>(new Map());
  const [columns, setColumns] = useState<ExportColumnKey[]>([...ALL_EXPORT_KEYS]);
  const [exporting, setExporting] = useState(false);
  const list = useWebsites({ ...table, status: status ?? undefined, search: search || undefined });

  useEffect(() => {
    setTable((t) => (t.page === 1 ? t : { ...t, page: 1 }));
  }, [status, search]);

  async function run() {
    setExporting(true);
    try {
      const { exportSelectedWebsites } = await loadWebsiteExport();
      const result = await exportSelectedWebsites([...selected.values()], columns);
      void message.success(`Exported ${result.rows.toLocaleString('en-US')} websites to ${result.fileName}`);
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  }

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
        <WebsitesFilter status={status} onStatus={setStatus} search={searchText} onSearch={setSearchText} />
        <span className="vp-toolbar-grow" />
        <Space wrap>
          <span className="vp-muted" data-testid="selected-count">
            {selected.size.toLocaleString('en-US')} selected
          </span>
          <Button onClick={() => setSelected(new Map())} disabled={selected.size === 0}>
            Clear selection
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={selected.size === 0 || columns.length === 0}
            loading={exporting}
            onClick={() => void run()}
            data-testid="custom-export-button"
          >
            Export
          </Button>
        </Space>
      </div>
      {list.isError && (
        <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 12 }} />
      )}
      <WebsitesTable
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching && !list.data}
        state={table}
        onStateChange={setTable}
        selection={{
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) =>
            setSelected((prev) => {
              // Rows picked on other pages are not in `rows`; keep what is already known of them.
              const next = new Map<Key, Website>();
              for (const k of keys) {
                const row = rows.find((r) => r?.rowKey === k) ?? prev.get(k);
                if (row) next.set(k, row);
              }
              return next;
            }),
        }}
      />
    </Card>
  );
}
