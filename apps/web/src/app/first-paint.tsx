import {
  canWrite,
  displayDate,
  EXPORT_COLUMNS,
  MLS_STATUS_TONE,
  MOBILE_BREAKPOINT,
  PRODUCT_NAME,
  SIDEBAR_WIDTH,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  type BadgeTone,
  type Metadata,
  type MlsStatus,
  type Product,
  type Profile,
  type Website,
  type WebsiteDetail,
  type WebsiteList,
} from '@vp/contract';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Fragment } from 'react';
import { figures } from '../features/dashboard/figures.ts';
import { listParams, readWebsitesListState, websitesListPath } from '../features/websites/list-query.ts';
import { ApiPaths } from '../lib/api-paths.ts';
import {
  endFirstPaint,
  holdFirstPaint,
  offerFirstPaintAnswers,
  type FirstPaintPage,
} from '../lib/first-paint.ts';
import { fetchEarly, peekEarly } from '../lib/http.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { mayReadVendorData } from '../lib/session.ts';
import { parseSiteParam } from '../lib/website-links.ts';
import './first-paint.css';

/**
 * The first paint of a signed-in page: the frame (sidebar, navbar, tab bar) and what a user reads
 * first (the dashboard's vendor card and figures, the first page of websites), drawn with React
 * and plain CSS from the calls the page opens with, before antd, the router and TanStack Query
 * have arrived. Those calls are made once: the full app takes their answers (lib/http.ts,
 * fetchEarly). The app's code is asked for once this paint is on screen, so on a slow line it does
 * not hold up the calls the paint waits for; it then renders under the paint and removes it in the
 * frame its page shows the same content (lib/first-paint.ts). The paint is a picture: hidden from
 * assistive technology and inert, so nothing in it can be focused or clicked.
 */

/** The longest the paint stays up waiting for the app's page. */
const GIVE_UP_MS = 30_000;

interface PaintData {
  metadata: Metadata;
  list: WebsiteList | null;
  /** The user's role cannot write: the figures are worded as the app words them for it. */
  readOnly: boolean;
}

function Badge({ tone, text }: { tone: BadgeTone; text: string }) {
  return <span className={`vp-fp-badge vp-tone-${tone}`}>{text}</span>;
}

function VendorCard({ m }: { m: Metadata }) {
  const roles = [m.isProvider && 'Provider', m.isConsumer && 'Consumer'].filter(Boolean).join(', ');
  const items: [string, string][] = [
    ['Vendor code', m.vendorCode],
    ['Vendor type', m.vendorType],
    ['Feed type', m.feedType || 'N/A'],
    ['Technical contact', m.technicalContact || 'N/A'],
    ['Billing contact', m.billingContact || 'N/A'],
    ['Data roles', roles || 'N/A'],
    ['Reciprocal agents allowed', m.reciprocalAllowed ? 'Yes' : 'No'],
  ];
  return (
    <section className="vp-fp-card">
      <h1 className="vp-fp-title">{m.vendorName}</h1>
      {/* One block of text (in columns where there is room), so the paint's largest text is this
          card, as large as the app's card that replaces it. */}
      <p className="vp-fp-details">
        {items.map(([label, value]) => (
          <Fragment key={label}>
            <span className="vp-fp-label">{label}:</span> {value}
            <br />
          </Fragment>
        ))}
      </p>
    </section>
  );
}

function Dashboard({ m, readOnly }: { m: Metadata; readOnly: boolean }) {
  return (
    <>
      <VendorCard m={m} />
      <div className="vp-fp-figures">
        {figures(m, { readOnly }).map((f) => (
          <section key={f.key} className={`vp-fp-card vp-fp-figure vp-tone-${f.tone}`}>
            <div className="vp-fp-figure-label">{f.label}</div>
            <div className="vp-fp-figure-value">{f.value}</div>
            {f.detail && <p className="vp-fp-figure-detail">{f.detail}</p>}
          </section>
        ))}
      </div>
    </>
  );
}

function SiteBadge({ site }: { site: Website }) {
  return (
    <Badge
      tone={SITE_STATUS_TONE[site.status] ?? 'info'}
      text={SITE_STATUS_DISPLAY[site.status] ?? site.status}
    />
  );
}

function Websites({ list, phone }: { list: WebsiteList; phone: boolean }) {
  const rows = list.items.slice(0, phone ? 12 : 20);
  return (
    <section className="vp-fp-card vp-fp-list">
      <h1 className="vp-fp-list-title">Websites</h1>
      {phone ? (
        // The rows as lines of one block of text, ruled by its background: the paint's largest
        // text is the list, as large as the app's list that replaces it.
        <p className="vp-fp-phone-rows">
          {rows.map((site) => (
            <Fragment key={site.rowKey}>
              <span className="vp-fp-domain">{site.domainName}</span>
              <br />
              <SiteBadge site={site} /> <span className="vp-fp-muted">{site.licensee}</span>
              <br />
            </Fragment>
          ))}
        </p>
      ) : (
        <table className="vp-fp-table">
          <thead>
            <tr>
              {EXPORT_COLUMNS.map(({ key, header }) => (
                <th key={key}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((site) => (
              <tr key={site.rowKey}>
                <td className="vp-fp-domain">{site.domainName}</td>
                <td>
                  <SiteBadge site={site} />
                </td>
                <td>{site.licensee}</td>
                <td>
                  {site.mlsStatus ? (
                    <Badge
                      tone={MLS_STATUS_TONE[site.mlsStatus as MlsStatus] ?? 'info'}
                      text={site.mlsStatus}
                    />
                  ) : (
                    'N/A'
                  )}
                </td>
                <td>{site.office}</td>
                <td>{site.mlsId}</td>
                <td>{site.memberNumber}</td>
                <td>{site.startDate ? displayDate(site.startDate) : ''}</td>
                <td>{site.termDate ? displayDate(site.termDate) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function FirstPaint({ page, data, phone }: { page: FirstPaintPage; data: PaintData; phone: boolean }) {
  const title = page === 'dashboard' ? 'Dashboard' : 'Websites';
  return (
    <div className="vp-fp-frame">
      {!phone && (
        <div className="vp-fp-sider" style={{ width: SIDEBAR_WIDTH }}>
          <div className="vp-brand">{PRODUCT_NAME}</div>
        </div>
      )}
      <div className="vp-fp-main">
        <div className="vp-fp-navbar">{phone && page === 'websites' ? `Dashboard / ${title}` : title}</div>
        <div className="vp-fp-tags">
          <span className={page === 'dashboard' ? 'vp-fp-tag vp-fp-tag-on' : 'vp-fp-tag'}>Dashboard</span>
          {page === 'websites' && <span className="vp-fp-tag vp-fp-tag-on">Websites</span>}
        </div>
        <div className="vp-fp-content">
          {page === 'dashboard' || !data.list ? (
            <Dashboard m={data.metadata} readOnly={data.readOnly} />
          ) : (
            <Websites list={data.list} phone={phone} />
          )}
        </div>
      </div>
    </div>
  );
}

async function loadData(page: FirstPaintPage, listPath: string | null): Promise<PaintData | null> {
  const profile = await peekEarly<Profile>(ApiPaths.profile);
  // A user held on the terms of use asks for no vendor data; the app takes them to the terms.
  if (!mayReadVendorData(profile)) return null;
  // Already on their way when the entry's call for the figures has been made. A site opened by
  // its address is asked for too, with the products its form offers, so its modal opens in the
  // app's first render instead of waiting for the app's code to ask.
  const site =
    page === 'websites' ? parseSiteParam(new URLSearchParams(window.location.search).get('site')) : null;
  const modalPaths = site ? [ApiPaths.website(site), ApiPaths.products] : [];
  fetchEarly([ApiPaths.metadata, ...(listPath ? [listPath] : []), ...modalPaths]);
  const [metadata, list, siteAnswer, products] = await Promise.all([
    peekEarly<Metadata>(ApiPaths.metadata),
    listPath ? peekEarly<WebsiteList>(listPath) : Promise.resolve(null),
    site ? peekEarly<WebsiteDetail>(ApiPaths.website(site)) : Promise.resolve(null),
    site ? peekEarly<Product[]>(ApiPaths.products) : Promise.resolve(null),
  ]);
  // A call that failed: the app shows its error.
  if (!metadata || (page === 'websites' && !list)) return null;
  // The app starts with these answers in its cache: its first render (a transition, in short
  // tasks) shows the page's content, instead of a second render when they arrive. A site that
  // could not be had is left to the app's own call, which shows why.
  const updatedAt = Date.now();
  offerFirstPaintAnswers([
    { queryKey: queryKeys.profile.me, data: profile, updatedAt },
    { queryKey: queryKeys.dashboard.metadata, data: metadata, updatedAt, early: ApiPaths.metadata },
    ...(list
      ? [
          {
            queryKey: queryKeys.websites.list(listParams(readWebsitesListState(window.location.search))),
            data: list,
            updatedAt,
            early: listPath ?? undefined,
          },
        ]
      : []),
    ...(site && siteAnswer
      ? [
          {
            queryKey: queryKeys.websites.detail(site),
            data: siteAnswer,
            updatedAt,
            early: ApiPaths.website(site),
          },
        ]
      : []),
    ...(products
      ? [{ queryKey: queryKeys.websites.products, data: products, updatedAt, early: ApiPaths.products }]
      : []),
  ]);
  return { metadata, list, readOnly: !!profile && !canWrite(profile.role) };
}

/** After the next frame has been drawn. */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Draws the first paint of `page` from the calls the entry started (lib/first-paint.ts), and starts
 * the app once it is on screen, or at once when its data cannot be had.
 */
export function showFirstPaint(page: FirstPaintPage, startApp: () => void): void {
  const { pathname, search } = window.location;
  const listPath = page === 'websites' ? websitesListPath(search) : null;
  fetchEarly([ApiPaths.profile]);
  void loadData(page, listPath).then((data) => {
    // The address may have changed meanwhile (Back); then the app shows what it now is.
    if (!data || window.location.pathname !== pathname) {
      startApp();
      return;
    }
    const host = document.createElement('div');
    host.className = 'vp-fp';
    host.setAttribute('aria-hidden', 'true');
    host.inert = true;
    document.body.append(host);
    const root = createRoot(host);
    holdFirstPaint(pathname, () => {
      // Off the page in the app's own commit; its React root is let go once that commit is done.
      host.remove();
      setTimeout(() => root.unmount(), 0);
    });
    flushSync(() =>
      root.render(<FirstPaint page={page} data={data} phone={window.innerWidth < MOBILE_BREAKPOINT} />),
    );
    afterPaint(startApp);
    // Should the page never show its content, the app is not kept behind the picture.
    setTimeout(endFirstPaint, GIVE_UP_MS);
  });
}
