import { CloseOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  cleanFileName,
  DocumentMessages,
  formatFileSize,
  tooLargeMessage,
  UPLOAD_ACCEPT,
  uploadError,
  uploadNameError,
  uploadTypeLabel,
  type DocumentType,
} from '@vp/contract';
import { Button, Progress, Select, Tooltip, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { ApiError, UPLOAD_ABORTED } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useUploadDocument, useUploadLimits, type DocumentOwner } from '../api.ts';

interface Props {
  owner: DocumentOwner;
  /** The document types this place offers. */
  types: readonly DocumentType[];
  typesLoading?: boolean;
}

/** What to say when an upload fails: the server's own refusal (4xx), otherwise the spec's text. */
export function uploadFailureText(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return DocumentMessages.uploadFailed;
}

/**
 * The first problem of a chosen file the browser can see, or null. The size limit is the server's,
 * when it has been read; the server checks it again either way.
 */
function fileProblem(file: File, maxBytes: number | undefined): string | null {
  const name = cleanFileName(file.name);
  if (file.size === 0) return uploadNameError(name) ?? DocumentMessages.empty;
  if (maxBytes !== undefined && file.size > maxBytes)
    return uploadNameError(name) ?? tooLargeMessage(maxBytes);
  return uploadNameError(name);
}

/**
 * Drop zone, Browse, the file-type select and Upload (spec §2 Files tab, §5 Upload). Upload shows
 * once both a type and a file are chosen; a chosen file not yet sent counts as unsaved work.
 */
export function UploadPanel({ owner, types, typesLoading = false }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const send = useUploadDocument(owner);
  const uploading = send.isPending;
  const guard = useUnsavedChanges(file !== null);
  const abort = useRef<AbortController | null>(null);
  const maxBytes = useUploadLimits().data?.maxBytes;

  function choose(next: File) {
    const problem = fileProblem(next, maxBytes);
    if (problem) {
      void message.error(problem);
      return;
    }
    setFile(next);
  }

  async function submit() {
    const problem =
      uploadError({ typeId, name: file ? cleanFileName(file.name) : null }) ??
      (file ? fileProblem(file, maxBytes) : null);
    if (problem || !file || !typeId) {
      void message.error(problem ?? DocumentMessages.fileRequired);
      return;
    }
    setPercent(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await send.mutateAsync({
        file,
        typeId,
        signal: controller.signal,
        onProgress: (f) => setPercent(Math.round(f * 100)),
      });
      void message.success(DocumentMessages.uploaded);
      setFile(null);
      setTypeId(null);
      guard.release();
    } catch (err) {
      if (controller.signal.aborted) void message.info(UPLOAD_ABORTED);
      else void message.error(uploadFailureText(err));
    } finally {
      abort.current = null;
      setPercent(null);
    }
  }

  return (
    <div className="vp-upload" data-testid="upload-panel">
      <Upload.Dragger
        accept={UPLOAD_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        // The file is kept here and sent with the type on Upload, not by the drop zone itself.
        beforeUpload={(f) => {
          choose(f);
          return false;
        }}
        className="vp-upload-drop"
      >
        <p className="vp-upload-icon" aria-hidden>
          <InboxOutlined />
        </p>
        <p className="vp-upload-text">
          {DocumentMessages.dropHere} <span className="vp-upload-browse">Browse</span>
        </p>
      </Upload.Dragger>
      {file && (
        <div className="vp-upload-file" data-testid="chosen-file">
          <PaperClipOutlined aria-hidden />
          {/* The name as it will be stored: invisible characters that make it read as another are left out. */}
          <span className="vp-upload-file-name">{cleanFileName(file.name)}</span>
          <span className="vp-muted">{formatFileSize(file.size)}</span>
          {!uploading && (
            <Tooltip title="Remove">
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`Remove ${file.name}`}
                onClick={() => setFile(null)}
              />
            </Tooltip>
          )}
        </div>
      )}
      <div className="vp-upload-actions">
        <Select<number>
          className="vp-upload-type"
          aria-label="File type"
          placeholder={DocumentMessages.selectType}
          value={typeId ?? undefined}
          onChange={(v) => setTypeId(v)}
          loading={typesLoading}
          disabled={uploading}
          options={types.map((t) => ({ value: t.id, label: uploadTypeLabel(t) }))}
        />
        {file && typeId !== null ? (
          <Button type="primary" onClick={() => void submit()} loading={uploading}>
            Upload
          </Button>
        ) : file || typeId !== null ? (
          // Upload needs both; say which one is missing where the button will be.
          <span className="vp-muted vp-upload-hint" role="status" data-testid="upload-hint">
            {file ? DocumentMessages.chooseTypeToUpload : DocumentMessages.chooseFileToUpload}
          </span>
        ) : null}
      </div>
      {percent !== null && (
        <div className="vp-upload-progress">
          <Progress
            percent={percent}
            size="small"
            aria-label="Upload progress"
            data-testid="upload-progress"
          />
          <Button size="small" onClick={() => abort.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      )}
    </div>
  );
}
