import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { canWrite, SITE_VIEW_DELAY_MS, type SiteStatus, type Website } from '@vp/contract';
import { Alert, Button, Card } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessage } from '../../../lib/http.ts';
import { getToken, useRole } from '../../../lib/session.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { message } from '../../../lib/toast.ts';
import { parseSiteParam, parseStatusFilter } from '../../../lib/website-links.ts';
import { fetchWebsites, useWebsites, type WebsiteListParams } from '../api.ts';
import { WebsitesFilter } from '../components/websites-filter.tsx';
import { WebsitesTable, type TableState } from '../components/websites-table.tsx';
import '../websites.css';

// The modal (forms, date pickers, tabs) is only needed once a row is opened.
const WebsiteModal = lazy(() => import('./composed-website-modal.tsx'));

const SEARCH_DEBOUNCE_MS = 300;
const FIRST_PAGE = { page: 1, pageSize: 50, sort: 'domainName', order: 'asc' } as const;

/**
 * The first page is asked for as soon as this chunk loads, so the call runs while the layout and
 * the page render instead of after them; the page's own query then finds it in the cache.
 */
function prefetchFirstPage(): void {
  if (!window.location.pathname.endsWith('/websites') || !getToken()) return;
  const status = parseStatusFilter(new URLSearchParams(window.location.search).get('filter'));
  const params: WebsiteListParams = { ...FIRST_PAGE, status: status ?? undefined, search: undefined };
  void queryClient.prefetchQuery({
    queryKey: queryKeys.websites.list(params),
    queryFn: () => fetchWebsites(params),
  });
}
prefetchFirstPage();
const EXPORT_TOAST = 'websites-export';

interface ModalRequest {
  key: number;
  id: number | null;
}

/** Opens a site in a new tab after the spec's 1 s, telling the user what is about to happen. */
export function viewSite(domain: string): void {
  void message.info(`Opening ${domain} ...`, SITE_VIEW_DELAY_MS / 1000 + 1);
  setTimeout(() => window.open(`https://${domain}`, '_blank', 'noopener,noreferrer'), SITE_VIEW_DELAY_MS);
}

/** The Websites page (spec §2): the vendor's websites, filtered by the route's `filter`, opened by `site`. */
export default function WebsitesPage() {
  const [params, setParams] = useSearchParams();
  const status = parseStatusFilter(params.get('filter'));
  const siteParam = parseSiteParam(params.get('site'));
  const [table, setTable] = useState<TableState>({ ...FIRST_PAGE });
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [modal, setModal] = useState<ModalRequest | null>(null);
  const [exporting, setExporting] = useState(false);
  const role = useRole();
  const canCreate = role !== null && canWrite(role);

  const list = useWebsites({ ...table, status: status ?? undefined, search: search || undefined });

  // A new filter or search starts from the first page.
  useEffect(() => {
    setTable((t) => (t.page === 1 ? t : { ...t, page: 1 }));
  }, [status, search]);

  useEffect(() => {
    if (siteParam !== null) setModal({ key: Date.now(), id: siteParam });
  }, [siteParam]);

  const setStatus = (next: SiteStatus | null) => {
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next) q.set('filter', next);
        else q.delete('filter');
        return q;
      },
      { replace: true },
    );
  };

  const closeModal = useCallback(() => {
    setModal(null);
    if (new URLSearchParams(window.location.search).has('site')) {
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          q.delete('site');
          return q;
        },
        { replace: true },
      );
    }
  }, [setParams]);

  async function exportAll() {
    setExporting(true);
    void message.loading({ content: 'Preparing export ...', key: EXPORT_TOAST, duration: 0 });
    try {
      const [{ exportFilteredWebsites }, { ALL_EXPORT_KEYS }] = await Promise.all([
        import('../export/run-export.ts'),
        import('../export/export-rows.ts'),
      ]);
      const result = await exportFilteredWebsites(
        { status: status ?? undefined, search: search || undefined, sort: table.sort, order: table.order },
        ALL_EXPORT_KEYS,
        (done, total) =>
          void message.loading({
            content: `Exporting ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} websites ...`,
            key: EXPORT_TOAST,
            duration: 0,
          }),
      );
      void message.success({
        content: `Exported ${result.rows.toLocaleString('en-US')} websites to ${result.fileName}`,
        key: EXPORT_TOAST,
      });
    } catch (err) {
      void message.error({ content: errorMessage(err), key: EXPORT_TOAST });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card className="vp-websites" title={<h1 className="vp-card-title">Websites</h1>}>
      <div className="vp-toolbar">
        <WebsitesFilter status={status} onStatus={setStatus} search={searchText} onSearch={setSearchText} />
        <span className="vp-toolbar-grow" />
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void exportAll()}
          loading={exporting}
          data-testid="export-button"
        >
          Export
        </Button>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setModal({ key: Date.now(), id: null })}
          >
            New Website
          </Button>
        )}
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
        onOpen={(site: Website) => setModal({ key: Date.now(), id: site.rowKey })}
        onView={(site) => viewSite(site.domainName)}
      />
      {modal && (
        <Suspense fallback={null}>
          <WebsiteModal key={modal.key} open siteId={modal.id} onClose={closeModal} />
        </Suspense>
      )}
    </Card>
  );
}
