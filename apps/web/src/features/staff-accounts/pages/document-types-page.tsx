import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminDocumentType, Product } from '@vp/contract';
import { Button, Card, Space, Table, Tag, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useDocumentTypesAdmin } from '../api.ts';
import { DocumentTypeDialog, SCOPE_LABELS } from '../components/document-type-dialog.tsx';
import '../staff-accounts.css';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

interface Editing {
  type: AdminDocumentType | null;
  messaging: boolean;
}

function requiredText(t: AdminDocumentType, products: Product[]): string[] {
  const out: string[] = [];
  // "IDX Vendor or VOW Vendor" when the requirement is limited to some vendor types.
  const types = t.requiredVendorTypes.join(' or ');
  if (t.requiredForVendor) out.push(types ? `Every ${types}` : 'Every vendor');
  if (t.requiredForSites) {
    const names = t.requiredForProducts.map((id) => products.find((p) => p.id === id)?.name ?? `#${id}`);
    const sites = names.length ? `Sites with ${names.join(', ')}` : 'Every site';
    out.push(types ? `${sites} of a ${types}` : sites);
  }
  return out;
}

/**
 * Document types in the MLS staff console: the Files tab's types (where each belongs, what it is
 * required for) and the types offered on messages, edited here instead of in seed data.
 */
export default function DocumentTypesPage() {
  const data = useDocumentTypesAdmin();
  const wide = useIsWide();
  const [editing, setEditingState] = useState<Editing | null>(null);
  // The dialog leaves the page when it closes, so focus is handed back to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (next: Editing | null) => {
    if (next) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      window.setTimeout(() => {
        if (opener.current?.isConnected) opener.current.focus();
      }, 0);
    }
    setEditingState(next);
  };
  const products = data.data?.products ?? [];
  const files = (data.data?.types ?? []).filter((t) => !t.messaging);
  const messaging = (data.data?.types ?? []).filter((t) => t.messaging);

  const edit = (type: AdminDocumentType) => (
    <Button
      size="small"
      icon={<EditOutlined aria-hidden="true" />}
      aria-label={`Edit ${type.type}`}
      onClick={() => setEditing({ type, messaging: type.messaging })}
    >
      Edit
    </Button>
  );

  const fileColumns: NonNullable<TableProps<AdminDocumentType>['columns']> = wide
    ? [
        {
          title: 'Type',
          dataIndex: 'type',
          render: (v: string, t) => (
            <Space size={4} wrap>
              <span className="vp-console-name">{v}</span>
              {t.signatureRequired && <Tag>Signed in the portal</Tag>}
            </Space>
          ),
        },
        {
          title: 'Belongs on',
          dataIndex: 'scope',
          render: (s: AdminDocumentType['scope']) => SCOPE_LABELS[s],
        },
        {
          title: 'Required of',
          key: 'required',
          render: (_, t) => {
            const text = requiredText(t, products);
            return text.length ? text.join('; ') : <span className="vp-muted">Not required</span>;
          },
        },
        { title: 'On file', dataIndex: 'documents' },
        { title: <span className="vp-sr-only">Actions</span>, key: 'edit', render: (_, t) => edit(t) },
      ]
    : [
        {
          title: 'Type',
          dataIndex: 'type',
          render: (v: string, t) => (
            <div className="vp-console-card">
              <span className="vp-console-name">{v}</span>
              <span className="vp-console-card-meta">
                <span>{SCOPE_LABELS[t.scope]}</span>
                <span>{requiredText(t, products).join('; ') || 'Not required'}</span>
              </span>
            </div>
          ),
        },
        {
          title: <span className="vp-sr-only">Actions</span>,
          key: 'edit',
          width: 90,
          render: (_, t) => edit(t),
        },
      ];

  const messagingColumns: NonNullable<TableProps<AdminDocumentType>['columns']> = [
    { title: 'Type', dataIndex: 'type', render: (v: string) => <span className="vp-console-name">{v}</span> },
    ...(wide ? [{ title: 'On file', dataIndex: 'documents' }] : []),
    { title: <span className="vp-sr-only">Actions</span>, key: 'edit', width: 90, render: (_, t) => edit(t) },
  ];

  let body;
  if (data.isPending) body = <LoadingState label="Loading document types" rows={8} />;
  else if (data.isError) body = <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  else
    body = (
      <>
        <section className="vp-console-section" aria-labelledby="file-types">
          <div className="vp-console-toolbar">
            <h2 id="file-types" className="vp-card-title" style={{ fontSize: 16 }}>
              File types
            </h2>
            <span className="vp-console-toolbar-grow" />
            <Button
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => setEditing({ type: null, messaging: false })}
            >
              Add file type
            </Button>
          </div>
          <p className="vp-muted">
            What vendors upload in the Files tab and on the Upload File page. A type required of every vendor
            counts as missing on their dashboard until one is on file; one required for sites counts each site
            past Pending Activation without an approved one.
          </p>
          <Table<AdminDocumentType>
            data-testid="file-types-table"
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={files}
            columns={fileColumns}
            scroll={wide ? { x: 'max-content' } : undefined}
          />
        </section>
        <section className="vp-console-section" aria-labelledby="messaging-types">
          <div className="vp-console-toolbar">
            <h2 id="messaging-types" className="vp-card-title" style={{ fontSize: 16 }}>
              Messaging types
            </h2>
            <span className="vp-console-toolbar-grow" />
            <Button
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={() => setEditing({ type: null, messaging: true })}
            >
              Add messaging type
            </Button>
          </div>
          <p className="vp-muted">
            The kinds of attachment offered on messages between vendors and MLS staff.
          </p>
          <Table<AdminDocumentType>
            data-testid="messaging-types-table"
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={messaging}
            columns={messagingColumns}
          />
        </section>
      </>
    );

  return (
    <Card title={<h1 className="vp-card-title">Document Types</h1>}>
      {body}
      {editing && (
        <DocumentTypeDialog
          key={`${editing.type?.id ?? 'new'}-${editing.messaging}`}
          open
          type={editing.type}
          messaging={editing.messaging}
          products={products}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
