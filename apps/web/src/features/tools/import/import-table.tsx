import { formatCount, type ImportRow, type ImportRowResult } from '@vp/contract';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ToneBadge } from '../../../components/status-badge.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useScrollRegion } from '../../../hooks/use-scroll-region.ts';
import '../tools.css';

/** The file's rows, with each row's status once checked: OK, Created, or the message in red. */

export type RowFilter = 'all' | 'problems';

interface Props {
  rows: readonly ImportRow[];
  /** By row number; empty before the dry run. */
  results: ReadonlyMap<number, ImportRowResult>;
  filter: RowFilter;
}

function Status({ result }: { result: ImportRowResult | undefined }) {
  if (!result) return <span className="vp-muted">Not checked</span>;
  if (!result.ok)
    return (
      <Typography.Text type="danger" data-testid="row-problem">
        {result.message}
      </Typography.Text>
    );
  // The badges of the lists: their text keeps its contrast on the tint, as antd's coloured tags' does not.
  return result.siteId === null ? (
    <ToneBadge tone="success" text="OK" />
  ) : (
    <ToneBadge tone="primary" text="Created" />
  );
}

/** Cards a phone shows at first, and adds with each Show more. */
const CARDS_AT_A_TIME = 50;

/**
 * On a phone, a card per row: its number, domain and status first, whole, then what else it
 * holds; a long file is shown a page of cards at a time.
 */
function ImportCards({
  rows,
  results,
  empty,
}: {
  rows: readonly ImportRow[];
  results: Props['results'];
  empty: string;
}) {
  const [shown, setShown] = useState(CARDS_AT_A_TIME);
  if (rows.length === 0) return <p className="vp-muted">{empty}</p>;
  const more = rows.length - shown;
  return (
    <>
      <ul className="vp-import-cards" data-testid="import-cards" aria-label="Rows of the file">
        {rows.slice(0, shown).map((row) => {
          const result = results.get(row.row);
          return (
            <li
              key={row.row}
              className={`vp-import-card${result?.ok === false ? ' vp-import-bad' : ''}`}
              data-testid="import-card"
            >
              <div className="vp-import-card-head">
                <strong>Row {row.row}</strong>
                <span className="vp-import-card-domain">{row.domainName || 'No domain'}</span>
              </div>
              <Status result={result} />
              <span className="vp-muted vp-import-card-facts">
                {[row.memberNumber && `Member # ${row.memberNumber}`, row.product, row.dba, row.startDate]
                  .filter(Boolean)
                  .map((fact, i) => (
                    <span key={i}>{fact}</span>
                  ))}
              </span>
            </li>
          );
        })}
      </ul>
      {more > 0 && (
        <Button block onClick={() => setShown((n) => n + CARDS_AT_A_TIME)} data-testid="import-more">
          Show {formatCount(Math.min(more, CARDS_AT_A_TIME))} more of {formatCount(more)}
        </Button>
      )}
    </>
  );
}

export function ImportTable({ rows, results, filter }: Props) {
  const region = useScrollRegion<HTMLDivElement>('Rows of the file');
  const wide = useIsWide();
  const shown = filter === 'problems' ? rows.filter((r) => results.get(r.row)?.ok === false) : rows;
  const empty = filter === 'problems' ? 'No row has a problem.' : 'No rows.';
  if (!wide) return <ImportCards key={filter} rows={shown} results={results} empty={empty} />;
  const text = (key: keyof ImportRow) => (row: ImportRow) => String(row[key] ?? '');
  const columns: ColumnsType<ImportRow> = [
    { title: 'Row', dataIndex: 'row', key: 'row', width: 64 },
    // Beside the row number, so a phone shows what is wrong with a row without scrolling sideways.
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => <Status result={results.get(row.row)} />,
      width: 240,
    },
    { title: 'Domain', key: 'domainName', render: text('domainName'), ellipsis: true },
    { title: 'Member #', key: 'memberNumber', render: text('memberNumber'), width: 110 },
    { title: 'Product', key: 'product', render: text('product'), width: 150 },
    { title: 'DBA', key: 'dba', render: text('dba'), ellipsis: true },
    { title: 'Start Date', key: 'startDate', render: text('startDate'), width: 120 },
  ];
  return (
    <div ref={region}>
      <Table<ImportRow>
        data-testid="import-table"
        size="small"
        rowKey="row"
        columns={columns}
        dataSource={shown as ImportRow[]}
        scroll={{ x: 1000 }}
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          hideOnSinglePage: true,
        }}
        rowClassName={(row) => (results.get(row.row)?.ok === false ? 'vp-import-bad' : '')}
        locale={{ emptyText: empty }}
      />
    </div>
  );
}
