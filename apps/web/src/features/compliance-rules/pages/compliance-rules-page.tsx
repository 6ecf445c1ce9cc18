import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProductRuleSet } from '@vp/contract';
import { Button, Card, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { useRuleSets } from '../api.ts';
import { RuleSetEditor } from '../components/rule-set-editor.tsx';
import '../compliance-rules.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function savedText(current: NonNullable<ProductRuleSet['current']>): string {
  return `${displayDateTime(current.createdAt)}${current.createdBy ? ` by ${current.createdBy}` : ''}`;
}

/**
 * The console's compliance rules: each product's current rule set (its version, when and by whom
 * it was saved, its rules and grace days) and the editor that saves a new version.
 */
export default function ComplianceRulesPage() {
  const sets = useRuleSets();
  const wide = useIsWide();
  const [editing, setEditingState] = useState<number | null>(null);
  // The editor leaves the page when it closes, so focus is handed back to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (productId: number | null) => {
    if (productId !== null) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      window.setTimeout(() => {
        if (opener.current?.isConnected) opener.current.focus();
      }, 0);
    }
    setEditingState(productId);
  };
  const editingSet = sets.data?.find((s) => s.productId === editing) ?? null;

  const action = (s: ProductRuleSet) =>
    s.current ? (
      <Button
        size="small"
        icon={<EditOutlined aria-hidden="true" />}
        aria-label={`Edit rules: ${s.productName}`}
        onClick={() => setEditing(s.productId)}
      >
        Edit rules
      </Button>
    ) : (
      <Button
        size="small"
        type="primary"
        icon={<PlusOutlined aria-hidden="true" />}
        aria-label={`Set up rules: ${s.productName}`}
        onClick={() => setEditing(s.productId)}
      >
        Set up rules
      </Button>
    );

  const none = <span className="vp-muted">No rules set up yet</span>;
  const columns: NonNullable<TableProps<ProductRuleSet>['columns']> = wide
    ? [
        {
          title: 'Product',
          dataIndex: 'productName',
          render: (name: string) => <span className="vp-rules-name">{name}</span>,
        },
        {
          title: 'Version',
          key: 'version',
          render: (_, s) => (s.current ? `Version ${s.current.version}` : none),
        },
        { title: 'Saved', key: 'saved', render: (_, s) => (s.current ? savedText(s.current) : '') },
        { title: 'Rules', key: 'rules', render: (_, s) => s.current?.rules.length ?? '' },
        { title: 'Grace days', key: 'grace', render: (_, s) => s.current?.graceDays ?? '' },
        { title: <span className="vp-sr-only">Actions</span>, key: 'edit', render: (_, s) => action(s) },
      ]
    : [
        {
          title: 'Product',
          dataIndex: 'productName',
          render: (name: string, s) => (
            <div className="vp-rules-card">
              <span className="vp-rules-name">{name}</span>
              {s.current ? (
                <>
                  <span className="vp-rules-card-meta">
                    Version {s.current.version} · {plural(s.current.rules.length, 'rule', 'rules')} ·{' '}
                    {plural(s.current.graceDays, 'grace day', 'grace days')}
                  </span>
                  <span className="vp-rules-card-meta">Saved {savedText(s.current)}</span>
                </>
              ) : (
                none
              )}
              <span className="vp-rules-card-action">{action(s)}</span>
            </div>
          ),
        },
      ];

  let body;
  if (sets.isPending) body = <LoadingState label="Loading the compliance rules" rows={4} />;
  else if (sets.isError) body = <ErrorState error={sets.error} onRetry={() => void sets.refetch()} />;
  else if (sets.data.length === 0) body = <EmptyState title="There are no products to set rules for." />;
  else
    body = (
      <Table<ProductRuleSet>
        data-testid="rule-sets-table"
        rowKey="productId"
        size="small"
        pagination={false}
        dataSource={sets.data}
        columns={columns}
        scroll={wide ? { x: 'max-content' } : undefined}
      />
    );

  return (
    <Card title={<h1 className="vp-card-title">Compliance rules</h1>}>
      <p className="vp-muted vp-rules-intro">
        The display rules each product&apos;s licensed websites are checked against every day. Every save is a
        new version, and each check records the version it was judged against.
      </p>
      {body}
      {editingSet && (
        <RuleSetEditor key={editingSet.productId} productSet={editingSet} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
