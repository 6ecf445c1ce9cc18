import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
} from '@ant-design/icons';
import { DocumentMessages, DOWNLOAD_THROTTLE_MS, formatFileSize, type DocumentInfo } from '@vp/contract';
import { Button, Modal, Select, Table, Tooltip } from 'antd';
import { useId, useRef, useState, type ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useIsMobile } from '../../../hooks/use-is-mobile.ts';
import { errorMessage } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { downloadDocument, useDeleteDocument, useDocuments, type DocumentOwner } from '../api.ts';
import { displayDateTime } from '../../../lib/date-time.ts';
import { DocumentStatusDialog } from './document-status-dialog.tsx';

interface Props {
  owner: DocumentOwner;
  readOnly: boolean;
  /** What to say when there are no files yet. */
  emptyText: string;
}

/** Each file may be downloaded once per 2 s (spec §9); answers false when it is too soon. */
export function useDownloadThrottle(now: () => number = Date.now) {
  const last = useRef(new Map<number, number>());
  return (id: number): boolean => {
    const t = now();
    const before = last.current.get(id);
    if (before !== undefined && t - before < DOWNLOAD_THROTTLE_MS) return false;
    last.current.set(id, t);
    return true;
  };
}

/** The File Type order of the table's column, offered on a phone, where there is no header to click. */
type TypeOrder = 'none' | 'ascend' | 'descend';
const TYPE_ORDERS: { value: TypeOrder; label: string }[] = [
  { value: 'none', label: 'As listed' },
  { value: 'ascend', label: 'File Type A–Z' },
  { value: 'descend', label: 'File Type Z–A' },
];
const byType = (a: DocumentInfo, b: DocumentInfo) => a.typeString.localeCompare(b.typeString);

export function orderByType(docs: readonly DocumentInfo[], order: TypeOrder): readonly DocumentInfo[] {
  if (order === 'none') return docs;
  const sorted = [...docs].sort(byType);
  return order === 'ascend' ? sorted : sorted.reverse();
}

/** Approved signed documents are part of the licensing record; the server keeps them. */
function deletable(d: DocumentInfo): boolean {
  return !(d.signatureRequired && d.approved);
}

/** The file table of the Files tab and the Upload File page (spec §2 Files tab, §4 Document). */
export function DocumentsTable({ owner, readOnly, emptyText }: Props) {
  const docs = useDocuments(owner);
  const remove = useDeleteDocument(owner);
  const mayDownload = useDownloadThrottle();
  const [statusOf, setStatusOf] = useState<DocumentInfo | null>(null);
  const mobile = useIsMobile();
  const [typeOrder, setTypeOrder] = useState<TypeOrder>('none');
  const orderLabel = useId();

  async function download(d: DocumentInfo) {
    if (!mayDownload(d.rowKey)) {
      void message.warning(DocumentMessages.downloadWait);
      return;
    }
    try {
      await downloadDocument(d);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  function confirmDelete(d: DocumentInfo) {
    Modal.confirm({
      title: DocumentMessages.deleteConfirmTitle,
      content: DocumentMessages.deleteConfirm,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(d.rowKey);
          void message.success(DocumentMessages.deleted);
        } catch (err) {
          void message.error(errorMessage(err));
        }
      },
      onCancel: () => void message.info(DocumentMessages.deleteCanceled),
    });
  }

  function statusCell(d: DocumentInfo) {
    if (d.rejection)
      return (
        <span className="vp-doc-rejected">
          <ExclamationCircleOutlined aria-hidden /> {DocumentMessages.rejected(d.rejection.reason)}
        </span>
      );
    if (!d.signatureRequired) return <span className="vp-muted">Uploaded</span>;
    if (d.voided)
      return (
        <Button size="small" disabled>
          Voided
        </Button>
      );
    if (d.approved && d.outOfDate)
      return (
        <span className="vp-doc-out-of-date">
          <ExclamationCircleOutlined aria-hidden /> {DocumentMessages.signedOutOfDate}
        </span>
      );
    if (d.approved)
      return (
        <span className="vp-doc-approved">
          <CheckCircleOutlined aria-hidden /> Approved
        </span>
      );
    if (d.declined)
      return (
        <Button
          size="small"
          danger
          icon={<ExclamationCircleOutlined />}
          aria-label={`Declined: show the signature status of ${d.label}`}
          onClick={() => setStatusOf(d)}
        >
          Declined
        </Button>
      );
    return (
      <Button
        size="small"
        className="vp-doc-pending"
        icon={<ExclamationCircleOutlined />}
        aria-label={`Pending: show the signature status of ${d.label}`}
        onClick={() => setStatusOf(d)}
      >
        Pending
      </Button>
    );
  }

  function nameCell(d: DocumentInfo) {
    return (
      <Button
        type="link"
        className="vp-inline-link vp-doc-name"
        icon={<DownloadOutlined />}
        aria-label={`Download ${d.label}`}
        onClick={() => void download(d)}
      >
        {d.label}
      </Button>
    );
  }

  function deleteCell(d: DocumentInfo) {
    if (readOnly || !deletable(d)) return null;
    return (
      <Tooltip title="Delete">
        <Button
          danger
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Delete ${d.label}`}
          onClick={() => confirmDelete(d)}
        />
      </Tooltip>
    );
  }

  if (docs.isError) return <ErrorState error={docs.error} onRetry={() => void docs.refetch()} />;

  const statusDialog = (
    <DocumentStatusDialog
      documentId={statusOf?.rowKey ?? null}
      label={statusOf?.label}
      owner={owner}
      readOnly={readOnly}
      onClose={() => setStatusOf(null)}
    />
  );

  // On a phone each file is a card: a table of six columns would hide all but the name.
  if (mobile) {
    let body: ReactNode;
    if (!docs.data) body = <LoadingState label="Loading the files" rows={2} />;
    else if (docs.data.length === 0) body = <EmptyState title={emptyText} />;
    else
      body = (
        <>
          {docs.data.length > 1 && (
            <div className="vp-doc-cards-order">
              <span id={orderLabel}>Order</span>
              <Select<TypeOrder>
                size="small"
                value={typeOrder}
                options={TYPE_ORDERS}
                onChange={setTypeOrder}
                aria-labelledby={orderLabel}
                popupMatchSelectWidth={false}
              />
            </div>
          )}
          <ul className="vp-doc-cards" data-testid="documents-cards">
            {orderByType(docs.data, typeOrder).map((d) => (
              <li key={d.rowKey} className="vp-doc-card">
                <div className="vp-doc-card-head">
                  {nameCell(d)}
                  {deleteCell(d)}
                </div>
                <div className="vp-muted">
                  {d.typeString} · {formatFileSize(d.size)} · {displayDateTime(d.uploadDate)}
                </div>
                <div>{statusCell(d)}</div>
              </li>
            ))}
          </ul>
        </>
      );
    return (
      <>
        {body}
        {statusDialog}
      </>
    );
  }

  return (
    <>
      <Table<DocumentInfo>
        size="small"
        rowKey="rowKey"
        className="vp-documents-table"
        data-testid="documents-table"
        dataSource={docs.data ?? []}
        loading={remove.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: docs.isLoading ? (
            <LoadingState label="Loading the files" rows={2} />
          ) : (
            <EmptyState title={emptyText} />
          ),
        }}
        columns={[
          {
            title: 'File Name',
            key: 'label',
            // A name of up to 128 characters wraps inside its column instead of widening the table.
            width: '36%',
            render: (_: unknown, d: DocumentInfo) => nameCell(d),
          },
          {
            title: 'File Size',
            dataIndex: 'size',
            key: 'size',
            render: (v: number) => formatFileSize(v),
          },
          {
            title: 'Upload Date/Time',
            dataIndex: 'uploadDate',
            key: 'uploadDate',
            render: (v: string) => displayDateTime(v),
          },
          {
            title: 'File Type',
            dataIndex: 'typeString',
            key: 'typeString',
            sorter: byType,
          },
          { title: 'File Status', key: 'status', render: (_: unknown, d: DocumentInfo) => statusCell(d) },
          ...(readOnly
            ? []
            : [
                {
                  title: <span className="vp-sr-only">Delete</span>,
                  key: 'delete',
                  render: (_: unknown, d: DocumentInfo) => deleteCell(d),
                },
              ]),
        ]}
      />
      {statusDialog}
    </>
  );
}
