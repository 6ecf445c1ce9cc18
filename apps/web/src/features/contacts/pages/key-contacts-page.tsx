import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ContactMessages as M, canWrite, type Contact, type ContactType } from '@vp/contract';
import { Alert, Button, Card, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { urlParam, useUrlState } from '../../../hooks/use-url-state.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useRole } from '../../../lib/session.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useMetadata } from '../../dashboard/index.ts';
import { useContacts, useContactTypes, useDeleteContact } from '../api.ts';
import { ContactDialog } from '../components/contact-dialog.tsx';
import '../contacts.css';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

const URL_STATE = {
  type: urlParam.optional((raw) => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null)),
};

/** The filter's choice of every type (no type has id 0). */
const ALL_TYPES = 0;

/** null: closed; 'new': adding; a contact: editing it. */
type Editing = null | 'new' | Contact;

const fullName = (c: Contact) => `${c.firstName} ${c.lastName}`.trim();

function TypeTags({ contact, types }: { contact: Contact; types: readonly ContactType[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {contact.types.map((id) => (
        <Tag key={id} color={types.find((t) => t.id === id)?.required ? 'blue' : undefined}>
          {types.find((t) => t.id === id)?.name ?? `#${id}`}
        </Tag>
      ))}
    </Space>
  );
}

function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="vp-contact-email">
      {email}
    </a>
  );
}

function PhoneLink({ contact }: { contact: Contact }) {
  if (!contact.phone) return <span className="vp-muted">—</span>;
  return <a href={`tel:${contact.phone}`}>{contact.phoneNational}</a>;
}

/**
 * Key Contacts (/team): the people at the vendor the MLS contacts, with their types. Vendor users
 * add, edit and delete them; the read-only role sees the same table without those controls.
 */
export default function KeyContactsPage() {
  const role = useRole();
  const writer = role !== null && canWrite(role);
  const [{ type }, setUrl] = useUrlState(URL_STATE);
  const types = useContactTypes();
  const contacts = useContacts(type);
  const metadata = useMetadata();
  const remove = useDeleteContact();
  const wide = useIsWide();
  const [editing, setEditingState] = useState<Editing>(null);
  // The dialog leaves the page when it closes, so focus goes back to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (next: Editing) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    else
      window.setTimeout(() => {
        if (opener.current?.isConnected) opener.current.focus();
      }, 0);
    setEditingState(next);
  };

  const typeList = types.data ?? [];
  const typeName = type === null ? null : (typeList.find((t) => t.id === type)?.name ?? null);
  const missing = metadata.data?.missingContactTypes ?? [];

  async function confirmDelete(contact: Contact) {
    try {
      await remove.mutateAsync(contact.id);
      void toastSaved(M.deleted);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  async function reload(id: number): Promise<Contact | undefined> {
    const fresh = await contacts.refetch();
    return fresh.data?.find((c) => c.id === id);
  }

  const actions = (c: Contact) => (
    <Space size={4} wrap>
      <Button
        size="small"
        icon={<EditOutlined aria-hidden="true" />}
        aria-label={`${M.edit}: ${fullName(c)}`}
        onClick={() => setEditing(c)}
      >
        {wide ? 'Edit' : null}
      </Button>
      <Popconfirm
        title={M.deleteConfirm}
        description={M.deleteConfirmDetail(fullName(c))}
        okText={M.deleteAction}
        okButtonProps={{ danger: true }}
        cancelText={M.cancel}
        onConfirm={() => confirmDelete(c)}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden="true" />}
          aria-label={`${M.deleteAction}: ${fullName(c)}`}
        >
          {wide ? M.deleteAction : null}
        </Button>
      </Popconfirm>
    </Space>
  );

  const actionColumn: NonNullable<TableProps<Contact>['columns']> = writer
    ? [
        {
          title: <span className="vp-sr-only">{M.columns.actions}</span>,
          key: 'actions',
          render: (_, c) => actions(c),
        },
      ]
    : [];

  const columns: NonNullable<TableProps<Contact>['columns']> = wide
    ? [
        {
          title: M.columns.name,
          key: 'name',
          render: (_, c) => <span className="vp-contact-name">{fullName(c)}</span>,
        },
        { title: M.columns.types, key: 'types', render: (_, c) => <TypeTags contact={c} types={typeList} /> },
        { title: M.columns.title, dataIndex: 'title' },
        { title: M.columns.email, dataIndex: 'email', render: (v: string) => <EmailLink email={v} /> },
        { title: M.columns.phone, key: 'phone', render: (_, c) => <PhoneLink contact={c} /> },
        {
          title: M.columns.notes,
          dataIndex: 'notes',
          render: (v: string) => <span className="vp-contact-notes">{v}</span>,
        },
        ...actionColumn,
      ]
    : [
        {
          title: M.columns.name,
          key: 'name',
          render: (_, c) => (
            <div className="vp-contact-card">
              <span className="vp-contact-name">{fullName(c)}</span>
              {c.title && <span className="vp-muted">{c.title}</span>}
              <TypeTags contact={c} types={typeList} />
              <EmailLink email={c.email} />
              <PhoneLink contact={c} />
              {c.notes && <span className="vp-contact-notes">{c.notes}</span>}
              {writer && actions(c)}
            </div>
          ),
        },
      ];

  let body;
  if (contacts.isError || types.isError) {
    body = (
      <ErrorState
        title={M.loadFailed}
        error={contacts.error ?? types.error}
        onRetry={() => {
          if (contacts.isError) void contacts.refetch();
          if (types.isError) void types.refetch();
        }}
      />
    );
  } else if (contacts.isPending || types.isPending) {
    body = <LoadingState label="Loading key contacts" rows={6} />;
  } else if (contacts.data.length === 0) {
    body =
      type !== null ? (
        <EmptyState
          title={M.emptyFiltered(typeName ?? '')}
          action={<Button onClick={() => setUrl({ type: null }, 'push')}>{M.clearFilter}</Button>}
        />
      ) : (
        <EmptyState
          title={
            <>
              {M.empty}
              {writer && <> {M.emptyNext}</>}
            </>
          }
          action={
            writer ? (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => setEditing('new')}
              >
                {M.add}
              </Button>
            ) : undefined
          }
        />
      );
  } else {
    body = (
      <Table<Contact>
        data-testid="contacts-table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={contacts.data}
        columns={columns}
        scroll={wide ? { x: 'max-content' } : undefined}
      />
    );
  }

  return (
    <Card title={<h1 className="vp-card-title">{M.title}</h1>} className="vp-contacts">
      <p className="vp-muted">{M.intro}</p>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="vp-contacts-missing"
          data-testid="contacts-missing"
          title={`${M.missing} ${missing.join(', ')}`}
          description={M.missingHint}
        />
      )}
      <div className="vp-contacts-toolbar">
        <Select<number>
          aria-label={M.filterByType}
          className="vp-contacts-filter"
          value={type ?? ALL_TYPES}
          onChange={(v) => setUrl({ type: v === ALL_TYPES ? null : v }, 'push')}
          options={[
            { value: ALL_TYPES, label: M.allTypes },
            ...typeList.map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <span className="vp-contacts-grow" />
        {writer && (
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>
            {M.add}
          </Button>
        )}
      </div>
      {body}
      {editing && writer && (
        <ContactDialog
          key={editing === 'new' ? 'new' : editing.id}
          contact={editing === 'new' ? null : editing}
          types={typeList}
          onReload={() => (editing === 'new' ? Promise.resolve(undefined) : reload(editing.id))}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
