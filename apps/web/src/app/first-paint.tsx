import {
  canWrite,
  displayDate,
  hasFeeds,
  MLS_STATUS_TONE,
  MOBILE_BREAKPOINT,
  PRODUCT_NAME,
  rolesFromRole,
  SIDEBAR_WIDTH,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  type BadgeTone,
  type Metadata,
  type MlsStatus,
  type Profile,
  type Website,
  type WebsiteList,
} from '@vp/contract';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { figures } from '../features/dashboard/figures.ts';
import { websitesListPath } from '../features/websites/list-query.ts';
import '../features/websites/websites.css';
import { ApiPaths } from '../lib/api-paths.ts';
import { endFirstPaint, holdFirstPaint, type FirstPaintPage } from '../lib/first-paint.ts';
import { fetchEarly, peekEarly } from '../lib/http.ts';
import { hasRouter, navigateTo } from '../lib/navigation.ts';
import { affixRoutes, findRoute, menuRoutes } from '../lib/route-table.ts';
import { sessionRole } from '../lib/session.ts';
import { settingsStore } from '../lib/settings.ts';
import { fetchPageDataEarly, mayReadVendorData, pageData } from './preload.ts';

/**
 * The first paint of a signed-in page: the shell (sidebar, navbar, tabs, footer) and the content a
 * user reads first (the dashboard's figures, the first page of websites), in plain React and the
 * app's CSS, from the calls the page opens with. It is on screen before antd, the router and
 * TanStack Query have arrived; the full app renders under it, hidden, and takes its place in one
 * frame once its page shows the same content (lib/first-paint.ts). The app's code is asked for once
 * this paint is on screen, so on a slow line it does not hold up the calls the paint waits for.
 */

export interface FirstPaintData {
  profile: Profile | null;
  metadata: Metadata | null;
  list: WebsiteList | null;
}

/** The answers of the page's opening calls; what could not be had is null (the app says why). */
export async function loadFirstPaintData(pathname: string, search: string): Promise<FirstPaintData> {
  const listPath = pathname === '/websites' ? websitesListPath(search) : null;
  fetchPageDataEarly(pathname, listPath ? [listPath] : []);
  const profile = await peekEarly<Profile>(ApiPaths.profile);
  if (!mayReadVendorData(profile)) return { profile, metadata: null, list: null };
  fetchEarly([...pageData(pathname), ...(listPath ? [listPath] : [])]);
  const [metadata, list] = await Promise.all([
    peekEarly<Metadata>(ApiPaths.metadata),
    listPath ? peekEarly<WebsiteList>(listPath) : Promise.resolve(null),
  ]);
  return { profile, metadata, list };
}

/** A link of the first paint goes where it says through the full app, which takes over at once. */
function follow(e: MouseEvent<HTMLAnchorElement>, startApp: () => void) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const to = e.currentTarget.getAttribute('href') ?? '/dashboard';
  if (hasRouter()) {
    navigateTo(to);
  } else {
    window.history.pushState(null, '', to);
    startApp();
  }
  endFirstPaint();
}

function Sider({ data, path, open, onLink }: ShellProps & { open: boolean }) {
  const roles = data ? rolesFromRole(data.profile?.role) : [];
  const items = data?.profile ? menuRoutes(roles, hasFeeds(data.metadata)) : [];
  return (
    <aside className="vp-fp-sider" style={{ width: open ? SIDEBAR_WIDTH : 64 }} data-open={open}>
      <div className="vp-brand">{open ? PRODUCT_NAME : 'VP'}</div>
      {open && (
        <nav aria-label="Main">
          <ul className="vp-fp-menu">
            {items.map((r) => (
              <li key={r.path}>
                <a
                  href={r.path}
                  className={`vp-fp-menu-item${r.path === path ? ' vp-fp-menu-selected' : ''}`}
                  aria-current={r.path === path ? 'page' : undefined}
                  onClick={onLink}
                >
                  {r.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </aside>
  );
}

interface ShellProps {
  data: FirstPaintData | null;
  path: string;
  onLink: (e: MouseEvent<HTMLAnchorElement>) => void;
}

function Navbar({ data, path, mobile }: ShellProps & { mobile: boolean }) {
  const title = findRoute(path)?.title;
  const p = data?.profile;
  const name = p ? `${p.firstName} ${p.lastName}`.trim() || p.username : '';
  return (
    <header className="vp-fp-navbar">
      <span className="vp-fp-icon-button" aria-hidden="true" />
      <div className="vp-fp-breadcrumb">
        {path === '/dashboard' ? (
          <span className="vp-fp-crumb-last">Dashboard</span>
        ) : (
          <>
            <span className="vp-fp-crumb">Dashboard</span>
            <span className="vp-fp-crumb-sep" aria-hidden="true">
              /
            </span>
            <span className="vp-fp-crumb-last">{title}</span>
          </>
        )}
      </div>
      {p && (
        <div className="vp-navbar-right" aria-hidden="true">
          {!mobile && <span className="vp-fp-select" />}
          <span className="vp-fp-icon-button" />
          {!mobile && <span className="vp-fp-icon-button" />}
          <span className="vp-fp-icon-button" />
          <span className="vp-fp-avatar">
            <span className="vp-fp-avatar-circle" />
            {!mobile && name && <span className="vp-avatar-name">{name}</span>}
          </span>
        </div>
      )}
    </header>
  );
}

function Tags({ path, onLink }: ShellProps) {
  const views = affixRoutes();
  const current = findRoute(path);
  if (current && !views.some((v) => v.path === path)) views.push(current);
  return (
    <nav className="vp-tags" aria-label="Visited pages">
      {views.map((v) => (
        <span key={v.path} className={`vp-tag${v.path === path ? ' vp-tag-active' : ''}`}>
          <a href={v.path} aria-current={v.path === path ? 'page' : undefined} onClick={onLink}>
            {v.title}
          </a>
          {!v.affix && (
            <span className="vp-tag-close" aria-hidden="true">
              ×
            </span>
          )}
        </span>
      ))}
    </nav>
  );
}

function Card({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`vp-fp-card ${className}`}>{children}</div>;
}

function DescriptionItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vp-fp-description">
      <span className="vp-fp-description-label">{label}</span>
      <span className="vp-fp-description-value">{children}</span>
    </div>
  );
}

/** The dashboard's vendor card and figures, laid out as the page lays them out. */
export function FirstPaintDashboard({
  metadata: m,
  onLink,
}: {
  metadata: Metadata | null;
  onLink: (e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  if (!m) return <div className="vp-dashboard" aria-busy="true" />;
  return (
    <div className="vp-dashboard">
      <Card className="vp-vendor-card">
        <h1 className="vp-page-title">{m.vendorName}</h1>
        <div className="vp-fp-descriptions">
          <DescriptionItem label="Vendor code">{m.vendorCode}</DescriptionItem>
          <DescriptionItem label="Vendor type">{m.vendorType}</DescriptionItem>
          <DescriptionItem label="Feed type">{m.feedType || 'N/A'}</DescriptionItem>
          <DescriptionItem label="Technical contact">{m.technicalContact || 'N/A'}</DescriptionItem>
          <DescriptionItem label="Billing contact">{m.billingContact || 'N/A'}</DescriptionItem>
          <DescriptionItem label="Data roles">
            {m.isProvider && <span className="vp-fp-tag">Provider</span>}
            {m.isConsumer && <span className="vp-fp-tag">Consumer</span>}
            {!m.isProvider && !m.isConsumer && 'N/A'}
          </DescriptionItem>
          <DescriptionItem label="Reciprocal agents allowed">
            {m.reciprocalAllowed ? 'Yes' : 'No'}
          </DescriptionItem>
        </div>
      </Card>
      <div className="vp-fp-figures">
        {figures(m).map((f) => {
          const card = (
            <Card className={`vp-figure vp-tone-${f.tone}`}>
              <div className="vp-fp-stat-title">{f.label}</div>
              <div className="vp-fp-stat-value">{f.value}</div>
              {f.detail && <p className="vp-figure-detail">{f.detail}</p>}
            </Card>
          );
          return f.to ? (
            <a key={f.key} href={f.to} className="vp-figure-link" onClick={onLink}>
              {card}
              <span className="vp-sr-only">{f.linkHint ?? ' websites'}</span>
            </a>
          ) : (
            <div key={f.key}>{card}</div>
          );
        })}
      </div>
    </div>
  );
}

function Badge({ tone, text }: { tone: BadgeTone; text: string }) {
  return <span className={`vp-badge vp-tone-${tone}`}>{text}</span>;
}

function MlsBadge({ status }: { status: string }) {
  if (!status) return <span className="vp-muted">N/A</span>;
  return <Badge tone={MLS_STATUS_TONE[status as MlsStatus] ?? 'info'} text={status} />;
}

function SiteBadge({ site }: { site: Website }) {
  return (
    <Badge
      tone={SITE_STATUS_TONE[site.status] ?? 'info'}
      text={SITE_STATUS_DISPLAY[site.status] ?? site.status}
    />
  );
}

const COLUMNS = [
  'Domain',
  'Status',
  'Licensee',
  'MLS Status',
  'Office',
  'MLS ID',
  'Member #',
  'Start Date',
  'Term Date',
];

/** The Websites page's card with the first page of rows: a table, or on a phone a card per site. */
export function FirstPaintWebsites({
  list,
  canCreate,
  wide,
}: {
  list: WebsiteList | null;
  canCreate: boolean;
  wide: boolean;
}) {
  const rows = list?.items ?? [];
  return (
    <section className="vp-fp-card vp-fp-websites" aria-busy={list ? undefined : true}>
      <div className="vp-fp-card-head">
        <h1 className="vp-card-title">Websites</h1>
      </div>
      <div className="vp-fp-card-body">
        <div className="vp-toolbar" aria-hidden="true">
          <span className="vp-fp-input vp-status-filter">All statuses</span>
          <span className="vp-fp-input vp-search">Domain, licensee, MLS ID, office</span>
          <span className="vp-toolbar-grow" />
          <span className="vp-fp-button">Export</span>
          {canCreate && <span className="vp-fp-button vp-fp-button-primary">New Website</span>}
        </div>
        {wide ? (
          <table className="vp-fp-table">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.rowKey}>
                  <td className="vp-domain-cell">{s.domainName}</td>
                  <td>
                    <SiteBadge site={s} />
                  </td>
                  <td>{s.licensee}</td>
                  <td>
                    <MlsBadge status={s.mlsStatus} />
                  </td>
                  <td>{s.office}</td>
                  <td>{s.mlsId}</td>
                  <td>{s.memberNumber}</td>
                  <td>{s.startDate ? displayDate(s.startDate) : ''}</td>
                  <td>{s.termDate ? displayDate(s.termDate) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul className="vp-fp-site-cards" aria-label="Websites">
            {rows.map((s) => (
              <li key={s.rowKey} className="vp-site-card">
                <span className="vp-domain-cell">{s.domainName}</span>
                <span className="vp-site-card-meta">
                  <SiteBadge site={s} />
                  <span className="vp-site-card-licensee">{s.licensee}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The whole first paint of a page: the shell around its content. */
export function FirstPaint({
  page,
  path,
  search,
  startApp,
  onShown,
}: {
  page: FirstPaintPage;
  path: string;
  search: string;
  startApp: () => void;
  /** Called once the content (or what could be had of it) has been drawn. */
  onShown: () => void;
}) {
  const [data, setData] = useState<FirstPaintData | null>(null);
  useEffect(() => {
    let live = true;
    void loadFirstPaintData(path, search).then((d) => {
      if (live) setData(d);
    });
    return () => {
      live = false;
    };
  }, [path, search]);
  useEffect(() => {
    if (data) onShown();
  }, [data, onShown]);

  const mobile = window.innerWidth < MOBILE_BREAKPOINT;
  const open = !mobile && settingsStore.get().sidebarOpen;
  const onLink = (e: MouseEvent<HTMLAnchorElement>) => follow(e, startApp);
  const shell = { data, path, onLink };
  const role = sessionRole(rolesFromRole(data?.profile?.role));
  return (
    <div className="vp-fp" data-testid="first-paint">
      {!mobile && <Sider {...shell} open={open} />}
      <div className="vp-fp-main">
        <Navbar {...shell} mobile={mobile} />
        <Tags {...shell} />
        <main className="vp-content">
          {page === 'dashboard' ? (
            <FirstPaintDashboard metadata={data?.metadata ?? null} onLink={onLink} />
          ) : (
            <FirstPaintWebsites
              list={data?.list ?? null}
              canCreate={role !== null && canWrite(role)}
              wide={window.innerWidth >= 768}
            />
          )}
        </main>
        {data && (
          <footer className="vp-fp-footer">
            <span>{PRODUCT_NAME}</span>
            <span aria-hidden="true">·</span>
            <span>Version {__APP_VERSION__}</span>
            <span aria-hidden="true">·</span>
            <span className="vp-fp-link-text">Changelog</span>
          </footer>
        )}
      </div>
    </div>
  );
}

/**
 * Puts the first paint of `page` on screen above the app's (hidden) root, and starts the app once
 * the paint's content has been drawn. The app ends it (lib/first-paint.ts).
 */
export function showFirstPaint(page: FirstPaintPage, appRoot: HTMLElement, startApp: () => void): void {
  const host = document.createElement('div');
  host.className = 'vp-fp-host';
  appRoot.before(host);
  appRoot.dataset.covered = '';
  const root = createRoot(host);
  const { pathname, search } = window.location;
  holdFirstPaint(pathname, () => {
    delete appRoot.dataset.covered;
    root.unmount();
    host.remove();
  });
  let shown = false;
  // After the frame that draws the content, so the app's code does not compete with it.
  const onShown = () => {
    if (shown) return;
    shown = true;
    requestAnimationFrame(() => setTimeout(startApp, 0));
  };
  root.render(
    <FirstPaint page={page} path={pathname} search={search} startApp={startApp} onShown={onShown} />,
  );
}
