import { GlobalOutlined } from '@ant-design/icons';
import { countOf, displayDate, type SiteStatus, type Website, type WebsiteListQuery } from '@vp/contract';
import { Table, type TableProps } from 'antd';
import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type HTMLAttributes,
  type Key,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { DomainName } from '../../../components/domain-name.tsx';
import { LoadingState } from '../../../components/query-states.tsx';
import { MlsStatusBadge, SiteStatusBadge } from '../../../components/status-badge.tsx';
import { PAGE_SIZES } from '../list-state.ts';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

export type SortField = NonNullable<WebsiteListQuery['sort']>;

export interface TableState {
  page: number;
  pageSize: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

interface Props {
  rows: Website[];
  total: number;
  /** The first answer for this list is on its way (no rows to show yet). */
  loading: boolean;
  state: TableState;
  /** What the user changed: a sort (from page 1) or a page or page size. */
  onStateChange: (change: Partial<TableState>) => void;
  /** What an empty answer shows: why, and what to do next. */
  emptyText?: ReactNode;
  onOpen?: (site: Website) => void;
  /** The pointer came onto a row, or the keyboard to it: the site may be opened next. */
  onIntent?: (site: Website) => void;
  onView?: (site: Website) => void;
  selection?: TableProps<Website>['rowSelection'];
  /** Shown above the rows (the Custom Export's select-all offer). */
  title?: TableProps<Website>['title'];
}

function dateCell(v: string | null) {
  return v ? displayDate(v) : '';
}

/**
 * From this width (the table's own, about that of a 1440 px window) every column fits when long
 * names wrap; narrower, the table scrolls sideways instead.
 */
const FIT_WIDTH = 1100;

/** The table's width, followed as the window or the sidebar changes it. */
function useWidth(ref: { current: HTMLElement | null }): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? null));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A phone shows each website as a card (spec §7): its domain, and under it its status and
 * licensee, enough to tell the sites apart and open one.
 */
function phoneColumns(sortable: (key: SortField) => object): NonNullable<TableProps<Website>['columns']> {
  return [
    {
      title: 'Website',
      dataIndex: 'domainName',
      ...sortable('domainName'),
      render: (_: string, site: Website) => (
        <div className="vp-site-card" data-testid="site-card">
          <span className="vp-domain-cell">{site.domainName}</span>
          <span className="vp-site-card-meta">
            <SiteStatusBadge status={site.status} />
            <span className="vp-site-card-licensee">{site.licensee}</span>
          </span>
        </div>
      ),
    },
  ];
}

/**
 * A sortable header is one Tab stop for the whole header row (the sorted column's); the arrow
 * keys move between the others. Without this every header is a Tab stop and the first row is a
 * dozen presses away.
 */
function HeaderCell(
  props: HTMLAttributes<HTMLTableCellElement> & { 'data-sort-key'?: string; 'data-tab-stop'?: string },
) {
  const { 'data-sort-key': sortKey, 'data-tab-stop': tabStop, ...rest } = props;
  if (!sortKey) return <th {...rest} />;
  const move = (e: KeyboardEvent<HTMLTableCellElement>) => {
    rest.onKeyDown?.(e);
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const cells = [
      ...(e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('th[data-sortable]') ?? []),
    ];
    const next = cells[cells.indexOf(e.currentTarget) + (e.key === 'ArrowRight' ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return <th {...rest} data-sortable="" tabIndex={tabStop ? 0 : -1} onKeyDown={move} />;
}

/**
 * The rows' keys, the table being one Tab stop: up and down (Home, End) move between the rows, and
 * the right arrow reaches the row's View site button (the left arrow comes back).
 */
function moveAmongRows(e: KeyboardEvent<HTMLElement>): void {
  const row = e.currentTarget;
  const rows = [...(row.parentElement?.querySelectorAll<HTMLElement>(':scope > tr[data-row-key]') ?? [])];
  const at = rows.indexOf(row);
  const to =
    e.key === 'ArrowDown'
      ? rows[at + 1]
      : e.key === 'ArrowUp'
        ? rows[at - 1]
        : e.key === 'Home'
          ? rows[0]
          : e.key === 'End'
            ? rows[rows.length - 1]
            : e.key === 'ArrowRight'
              ? row.querySelector<HTMLElement>('button')
              : undefined;
  if (!to) return;
  e.preventDefault();
  to.focus();
}

/** The websites table with server-side paging and sorting (the server holds every row). */
export function WebsitesTable({
  rows,
  total,
  loading,
  state,
  onStateChange,
  emptyText,
  onOpen,
  onIntent,
  onView,
  selection,
  title,
}: Props) {
  const wide = useIsWide();
  const top = useRef<HTMLDivElement>(null);
  const width = useWidth(top);
  // Every column in view at once, or else the sideways scroll with the domain pinned and the
  // scroll bar kept at the bottom of the window, under the rows in view.
  const fits = width === null || width >= FIT_WIDTH + (selection ? 40 : 0);
  // The header that holds the Tab stop: the sorted column's until another header takes focus.
  const [tabStop, setTabStop] = useState<SortField | null>(null);
  const stopKey = tabStop ?? state.sort;
  // The rows are one Tab stop too: the row last in focus, or the first.
  const [rowStop, setRowStop] = useState<number | null>(null);
  const stopRow = rows.some((r) => r.rowKey === rowStop) ? rowStop : (rows[0]?.rowKey ?? null);
  const sortable = (key: SortField) => ({
    key,
    sorter: true,
    sortOrder:
      state.sort === key ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    onHeaderCell: () =>
      ({
        'data-sort-key': key,
        'data-tab-stop': stopKey === key ? '1' : undefined,
        onFocus: (e: FocusEvent<HTMLElement>) => {
          if (e.target === e.currentTarget) setTabStop(key);
        },
      }) as HTMLAttributes<HTMLElement>,
  });

  let columns: NonNullable<TableProps<Website>['columns']> = [
    {
      title: 'Domain',
      dataIndex: 'domainName',
      ...sortable('domainName'),
      // Pinned, so a row stays recognisable while the other columns scroll sideways.
      fixed: wide && !fits ? 'start' : undefined,
      // Wraps after a dot when it must, not mid-word.
      render: (v: string) => <DomainName domain={v} className="vp-domain-cell" />,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      ...sortable('status'),
      render: (v: SiteStatus) => <SiteStatusBadge status={v} />,
    },
    { title: 'Licensee', dataIndex: 'licensee', ...sortable('licensee') },
    {
      title: 'MLS Status',
      dataIndex: 'mlsStatus',
      ...sortable('mlsStatus'),
      render: (v: string) => <MlsStatusBadge status={v} />,
    },
    { title: 'Office', dataIndex: 'office', ...sortable('office') },
    { title: 'MLS ID', dataIndex: 'mlsId', ...sortable('mlsId') },
    { title: 'Member #', dataIndex: 'memberNumber', ...sortable('memberNumber') },
    { title: 'Start Date', dataIndex: 'startDate', ...sortable('startDate'), render: dateCell },
    { title: 'Term Date', dataIndex: 'termDate', ...sortable('termDate'), render: dateCell },
  ];
  if (!wide) columns = phoneColumns(sortable);
  if (onView && wide) {
    columns.push({
      title: <span className="vp-sr-only">View site</span>,
      key: 'view',
      fixed: fits ? undefined : 'end',
      width: 48,
      render: (_: unknown, site: Website) => (
        // A plain button with a CSS hint: a page holds up to 100 of them, and antd's button and
        // tooltip per row cost a list's every page, sort and filter a good part of its render.
        <button
          type="button"
          className="vp-row-icon-button"
          data-hint="View site"
          aria-label={`View ${site.domainName}`}
          // Reached from its row with the right arrow; the rows are the table's one Tab stop.
          tabIndex={-1}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowLeft') return;
            e.preventDefault();
            e.currentTarget.closest<HTMLElement>('tr')?.focus();
          }}
          onClick={(e) => {
            e.stopPropagation();
            onView(site);
          }}
        >
          <GlobalOutlined aria-hidden />
        </button>
      ),
    });
  }

  // A cell is drawn again only for another site: while a page, sort or filter is on its way the
  // rows shown stay as they are, and the spinner over them does not redraw every cell.
  columns = columns.map((column) => ({
    shouldCellUpdate: (site: Website, before: Website) => site !== before,
    ...column,
  }));

  /** A new page starts at the top of the table, not wherever the last one was scrolled to. */
  function scrollToTop() {
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }

  const waiting = loading && rows.length === 0;
  return (
    <div ref={top} className="vp-websites-table-wrap">
      <Table<Website>
        className={`vp-websites-table${wide ? (fits ? ' vp-websites-table-fit' : '') : ' vp-websites-table-phone'}`}
        data-testid="websites-table"
        rowKey="rowKey"
        size={wide ? 'middle' : 'small'}
        dataSource={rows}
        columns={columns}
        // The skeleton stands in for the rows; a spinner over 'No data' would contradict it.
        loading={loading && !waiting}
        locale={{ emptyText: waiting ? <LoadingState label="Loading websites" rows={8} /> : emptyText }}
        rowSelection={selection}
        title={title}
        components={{ header: { cell: HeaderCell } }}
        // When every column fits, headers keep to one line and long names wrap (a domain after a
        // dot), and the header row sticks to the window's top by CSS alone (antd's sticky header
        // would measure every column); otherwise each column takes the width of its content, and
        // the header and the scroll bar stick to the window's edges.
        tableLayout={wide && fits ? 'auto' : undefined}
        scroll={wide && !fits ? { x: 'max-content' } : undefined}
        sticky={wide && !fits ? { offsetHeader: 0 } : undefined}
        onRow={(site) =>
          onOpen
            ? {
                onClick: () => onOpen(site),
                onKeyDown: (e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onOpen(site);
                  } else moveAmongRows(e);
                },
                onFocus: (e) => {
                  if (e.target !== e.currentTarget) return;
                  setRowStop(site.rowKey);
                  onIntent?.(site);
                },
                onPointerEnter: () => onIntent?.(site),
                tabIndex: site.rowKey === stopRow ? 0 : -1,
              }
            : {}
        }
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          showTotal: (t) => countOf(t, 'website'),
          size: wide ? undefined : 'small',
        }}
        // Only what this action changed is reported, so a click that lands before the last change
        // has been drawn cannot undo it.
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = (s?.order ? (s.columnKey as Key | undefined) : undefined) as SortField | undefined;
            onStateChange({
              sort: key ?? 'domainName',
              order: s?.order === 'descend' ? 'desc' : 'asc',
              page: 1,
            });
            return;
          }
          if (extra.action !== 'paginate') return;
          const next = { page: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize };
          if (next.pageSize !== state.pageSize) next.page = 1;
          scrollToTop();
          onStateChange(next);
        }}
      />
    </div>
  );
}
