import { ArrowLeftOutlined, DownloadOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  ALL_EXPORT_KEYS,
  canWrite,
  countOf,
  SITE_VIEW_DELAY_MS,
  type SiteStatus,
  type Website,
  WebsiteServerMessages,
} from '@vp/contract';
import { Button, Card, Result, Space } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button.tsx';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useEndFirstPaint } from '../../../lib/first-paint.ts';
import { getToken, useRole, whenVendorDataAllowed } from '../../../lib/session.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { message } from '../../../lib/toast.ts';
import { parseSiteParam, WEBSITES_PATH } from '../../../lib/website-links.ts';
import { useSwitchVendor } from '../../profile/index.ts';
import { fetchWebsite, fetchWebsites, useSiteOwner, useWebsite, useWebsites } from '../api.ts';
import { WebsitesFilter } from '../components/websites-filter.tsx';
import { WebsitesTable, type TableState } from '../components/websites-table.tsx';
import { useListSearch } from '../../../hooks/use-list-search.ts';
import {
  emptyListReason,
  listParams,
  readWebsitesListState,
  tableChange,
  useWebsitesListState,
} from '../list-state.ts';
import '../websites.css';

// The modal (forms, date pickers, tabs) is only needed once a row is opened.
const loadWebsiteModal = () => loadChunk(() => import('./composed-website-modal.tsx'));
const WebsiteModal = lazy(loadWebsiteModal);

/**
 * The page's list is asked for as soon as this chunk loads, so the call runs while the layout and
 * the page render instead of after them; the page's own query then finds it in the cache. It reads
 * the URL exactly as the page does, so a reloaded page 3 prefetches page 3. It waits for the guard:
 * a user held on /tos is refused the list.
 */
function prefetchFirstPage(): void {
  if (!window.location.pathname.endsWith(WEBSITES_PATH) || !getToken()) return;
  const params = listParams(readWebsitesListState(window.location.search));
  void queryClient.prefetchQuery({
    queryKey: queryKeys.websites.list(params),
    queryFn: () => fetchWebsites(params),
  });
}
whenVendorDataAllowed(prefetchFirstPage);

/**
 * A page opened on a site's address (a reload, a shared link) asks for the site and for its
 * modal's code beside the list, rather than once the list has rendered.
 */
function prefetchOpenSite(): void {
  if (!window.location.pathname.endsWith(WEBSITES_PATH) || !getToken()) return;
  const id = parseSiteParam(new URLSearchParams(window.location.search).get('site'));
  if (id === null) return;
  // A failed load is tried again, and said, when the modal itself is rendered.
  loadWebsiteModal().catch(() => undefined);
  void queryClient.prefetchQuery({
    queryKey: queryKeys.websites.detail(id),
    queryFn: () => fetchWebsite(id),
  });
}
whenVendorDataAllowed(prefetchOpenSite);

/** How long a site asked for on the way to a click stays fresh enough to open without asking again. */
const SITE_INTENT_FRESH_MS = 15_000;

/**
 * A row the pointer came onto (or the keyboard to) is likely opened next: its site and the modal's
 * code are asked for then, so the click finds them on their way or here.
 */
function prefetchSite(site: Website): void {
  loadWebsiteModal().catch(() => undefined);
  void queryClient.prefetchQuery({
    queryKey: queryKeys.websites.detail(site.rowKey),
    queryFn: () => fetchWebsite(site.rowKey),
    staleTime: SITE_INTENT_FRESH_MS,
  });
}
const EXPORT_TOAST = 'websites-export';

/** History state of an entry this page pushed to open a site: closing it goes Back instead. */
interface OpenedHere {
  openedSite?: boolean;
}

/** Opens a site in a new tab after the spec's 1 s, telling the user what is about to happen. */
export function viewSite(domain: string): void {
  void message.info(`Opening ${domain} ...`, SITE_VIEW_DELAY_MS / 1000 + 1);
  setTimeout(() => window.open(`https://${domain}`, '_blank', 'noopener,noreferrer'), SITE_VIEW_DELAY_MS);
}

/** A `site` the vendor does not have (or a malformed one): said in the page, with a way back. */
function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 400);
}

/**
 * A `site` the vendor does not have. A site of another of the user's accounts (a link mailed for
 * it) is offered as a switch; the page itself does not follow the user's accounts, so their answer
 * never renders the list and an open modal again.
 */
function SiteNotFound({ siteId, onBack }: { siteId: number | null; onBack: () => void }) {
  const owner = useSiteOwner(siteId);
  const switchVendor = useSwitchVendor();
  const other = owner.data;
  return (
    <Result
      status="404"
      title={WebsiteServerMessages.siteNotFound}
      subTitle={
        other
          ? `This website belongs to your account ${other.licensee} (${other.vendorCode}).`
          : 'This website does not exist, or it belongs to another account.'
      }
      data-testid="site-not-found"
      extra={
        <Space wrap>
          {other && (
            <Button type="primary" icon={<SwapOutlined />} onClick={() => switchVendor(other)}>
              Switch to {other.vendorCode}
            </Button>
          )}
          <Button type={other ? 'default' : 'primary'} icon={<ArrowLeftOutlined />} onClick={onBack}>
            Back to the websites list
          </Button>
        </Space>
      }
    />
  );
}

/**
 * The Websites page (spec §2): the vendor's websites. The list's filter, search, sort, order, page
 * and page size live in the URL, and so does the open site (`site`), so a reload, a shared link,
 * Back and Forward and the tab bar all bring the same screen back.
 */
export default function WebsitesPage() {
  const [state, setState] = useWebsitesListState();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rawSite = params.get('site');
  const siteParam = parseSiteParam(rawSite);
  // The New Website modal: open without a site in the URL; once saved, the URL names the new site.
  const [draft, setDraft] = useState<{ key: number; createdId: number | null } | null>(null);
  const role = useRole();
  const canCreate = role !== null && canWrite(role);

  const search = useListSearch(state.search, (text) => setState({ search: text, page: 1 }));
  const list = useWebsites(listParams(state));
  useEndFirstPaint(list.data !== undefined || list.isError);
  const site = useWebsite(siteParam);

  // A site is opened once the server has answered it, and stays open (through a delete, say)
  // until the URL stops naming it.
  const [shownSite, setShownSite] = useState<number | null>(null);
  const [seenSite, setSeenSite] = useState(siteParam);
  if (seenSite !== siteParam) {
    setSeenSite(siteParam);
    // Back or Forward away from the New Website modal (or the site it created) closes it.
    if (draft && siteParam !== draft.createdId) setDraft(null);
    if (siteParam === null) setShownSite(null);
  }
  if (siteParam !== null && site.isSuccess && shownSite !== siteParam) setShownSite(siteParam);
  const draftOpen = draft !== null && (siteParam === null || siteParam === draft.createdId);
  const siteOpen = !draftOpen && siteParam !== null && shownSite === siteParam;
  const notFound =
    rawSite !== null && !draftOpen && !siteOpen && (siteParam === null || isNotFound(site.error));

  const openSite = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set('site', String(id));
      void navigate({ search: `?${next}` }, { state: { openedSite: true } satisfies OpenedHere });
    },
    [params, navigate],
  );

  /** Closing goes Back over the step that opened the site, so Back after it does not reopen it. */
  const closeSite = useCallback(() => {
    setDraft(null);
    if (rawSite === null) return;
    if ((location.state as OpenedHere | null)?.openedSite) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete('site');
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true });
  }, [location.state, navigate, params, rawSite]);

  const setStatus = (next: SiteStatus | null) => setState({ filter: next, page: 1 }, 'push');
  const setTable = (change: Partial<TableState>) => setState(tableChange(change), 'push');
  const clearMissing = () => setState({ missing: null, page: 1 }, 'push');
  const clearIds = () => setState({ ids: null, page: 1 }, 'push');
  const showAll = () => {
    search.clear();
    setState({ filter: null, missing: null, ids: null, search: '', page: 1 }, 'push');
  };

  async function exportAll() {
    void message.loading({ content: 'Preparing export ...', key: EXPORT_TOAST, duration: 0 });
    try {
      const { exportFilteredWebsites } = await import('../export/run-export.ts');
      const result = await exportFilteredWebsites(
        {
          status: state.filter ?? undefined,
          search: state.search || undefined,
          missing: state.missing ?? undefined,
          ids: state.ids ?? undefined,
          sort: state.sort,
          order: state.order,
        },
        ALL_EXPORT_KEYS,
      );
      void message.success({
        content: `Exported ${countOf(result.rows, 'website')} to ${result.fileName}`,
        key: EXPORT_TOAST,
      });
    } catch (err) {
      void message.error({ content: errorMessage(err), key: EXPORT_TOAST });
    }
  }

  const reason = emptyListReason(state);
  const emptyText = reason ? (
    <EmptyState
      title={reason}
      action={
        <Space wrap>
          {state.search && <Button onClick={search.clear}>Clear the search</Button>}
          {(state.filter || state.missing || state.ids) && (
            <Button onClick={showAll}>Show all websites</Button>
          )}
        </Space>
      }
    />
  ) : (
    <EmptyState
      title="This account has no websites yet."
      action={
        canCreate && (
          <Button type="primary" onClick={() => setDraft({ key: Date.now(), createdId: null })}>
            New Website
          </Button>
        )
      }
    />
  );

  let body;
  if (notFound) {
    body = <SiteNotFound siteId={siteParam} onBack={closeSite} />;
  } else {
    body = (
      <>
        <div className="vp-toolbar">
          <WebsitesFilter
            status={state.filter}
            onStatus={setStatus}
            search={search.text}
            onSearch={search.change}
            missing={state.missing}
            onClearMissing={clearMissing}
            ids={state.ids}
            onClearIds={clearIds}
          />
          <span className="vp-toolbar-grow" />
          <BusyButton icon={<DownloadOutlined />} onClick={exportAll} data-testid="export-button">
            Export
          </BusyButton>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDraft({ key: Date.now(), createdId: null })}
            >
              New Website
            </Button>
          )}
        </div>
        {site.isError && !isNotFound(site.error) && (
          <ErrorState error={site.error} onRetry={() => void site.refetch()} />
        )}
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <WebsitesTable
            rows={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            loading={list.isPending || list.isPlaceholderData}
            emptyText={emptyText}
            state={{ page: state.page, pageSize: state.size, sort: state.sort, order: state.order }}
            onStateChange={setTable}
            onOpen={(row: Website) => openSite(row.rowKey)}
            onIntent={prefetchSite}
            onView={(row) => viewSite(row.domainName)}
          />
        )}
      </>
    );
  }

  return (
    <Card className="vp-websites" title={<h1 className="vp-card-title">Websites</h1>}>
      {body}
      <Suspense fallback={null}>
        {draftOpen && (
          <WebsiteModal
            key={`new-${draft.key}`}
            open
            siteId={null}
            onClose={closeSite}
            onCreated={(id) => {
              setDraft({ ...draft, createdId: id });
              openSite(id);
            }}
          />
        )}
        {siteOpen && <WebsiteModal key={`site-${siteParam}`} open siteId={siteParam} onClose={closeSite} />}
      </Suspense>
    </Card>
  );
}
