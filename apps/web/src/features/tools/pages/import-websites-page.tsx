import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  ImportMessages,
  type ImportRow,
  type ImportRowResult,
  displayDate,
  formatCount,
  isoDate,
} from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Segmented, Space, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { message } from '../../../lib/toast.ts';
import { checkImport, commitImport, refusedRows } from '../import/api.ts';
import { ImportTable, type RowFilter } from '../import/import-table.tsx';

/** The file reader and the workbook writer are loaded when a file is chosen or a download asked for. */
const loadReader = () => import('../import/read-import-file.ts');
const loadWriter = () => import('../import/import-xlsx.ts');

type Phase = 'read' | 'checked' | 'imported';

const byRow = (results: readonly ImportRowResult[]) => new Map(results.map((r) => [r.row, r]));

/** Tools → Import Websites: a file of up to 5,000 sites, checked by the server before it creates them. */
export default function ImportWebsitesPage() {
  const qc = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [results, setResults] = useState<Map<number, ImportRowResult>>(new Map());
  const [phase, setPhase] = useState<Phase>('read');
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  const [onlyIfAllValid, setOnlyIfAllValid] = useState(false);
  const [filter, setFilter] = useState<RowFilter>('all');

  const checked = [...results.values()];
  const valid = checked.filter((r) => r.ok).length;
  const invalid = checked.length - valid;
  const created = checked.filter((r) => r.siteId !== null).length;

  async function choose(file: File) {
    setReading(true);
    setFileName(file.name);
    setRows([]);
    setResults(new Map());
    setPhase('read');
    setCallError(null);
    setFilter('all');
    try {
      const read = await (await loadReader()).readImportFile(file);
      if (read.ok) {
        setRows(read.rows);
        setFileError(null);
      } else setFileError(read.message);
    } catch {
      setFileError(ImportMessages.notSpreadsheet);
    } finally {
      setReading(false);
    }
  }

  async function runCheck() {
    setBusy('check');
    setCallError(null);
    try {
      const result = await checkImport(rows);
      setResults(byRow(result.rows));
      setPhase('checked');
      if (result.invalid > 0) setFilter('problems');
    } catch (err) {
      setCallError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    setBusy('import');
    setCallError(null);
    try {
      const result = await commitImport(rows, onlyIfAllValid);
      setResults(byRow(result.rows));
      setPhase('imported');
      setFilter('all');
      void message.success(ImportMessages.imported(result.created));
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.websites.all }),
        qc.invalidateQueries({ queryKey: queryKeys.dashboard.metadata }),
      ]);
    } catch (err) {
      const table = refusedRows(err);
      if (table) {
        setResults(byRow(table));
        setFilter('problems');
      }
      setCallError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  async function template() {
    try {
      await (
        await loadWriter()
      ).downloadTemplate({
        memberNumber: '3000001',
        product: 'IDX Website',
        // Written as the portal writes dates (the import reads yyyy-mm-dd too).
        startDate: displayDate(isoDate()),
      });
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  async function result() {
    try {
      await (await loadWriter()).downloadResult(rows, results);
    } catch (err) {
      void message.error(errorMessage(err));
    }
  }

  const importBlocked = valid === 0 || (onlyIfAllValid && invalid > 0);
  const columnList = IMPORT_COLUMNS.map((c) => c.title).join(', ');

  return (
    <Card
      title={<h1 className="vp-card-title">Import Websites</h1>}
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid="import-template">
          Download template
        </Button>
      }
      className="vp-import"
    >
      <p>
        Register many websites at once from an .xlsx or .csv file with the columns {columnList}, at most{' '}
        {formatCount(IMPORT_MAX_ROWS)} rows. The rows are checked first, with the rules of the website form;
        nothing is created until you import them.
      </p>
      <Upload.Dragger
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        disabled={reading || busy !== null}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag an .xlsx or .csv file here</p>
        {fileName && <p className="ant-upload-hint">{reading ? `Reading ${fileName}…` : fileName}</p>}
      </Upload.Dragger>

      {fileError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={fileError}
          style={{ marginTop: 16 }}
          data-testid="file-error"
        />
      )}

      {rows.length > 0 && (
        <section className="vp-import-rows" aria-label="Rows of the file">
          <Space wrap size={[16, 8]} style={{ marginTop: 16 }}>
            <span data-testid="import-counts">
              {phase === 'read'
                ? `${formatCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} read from the file.`
                : phase === 'imported'
                  ? `${formatCount(created)} created, ${formatCount(invalid)} with problems.`
                  : `${formatCount(valid)} ok, ${formatCount(invalid)} with problems.`}
            </span>
            {phase !== 'read' && (
              <Segmented<RowFilter>
                aria-label="Rows shown"
                value={filter}
                onChange={setFilter}
                options={[
                  { value: 'all', label: 'All rows' },
                  { value: 'problems', label: `Problem rows (${formatCount(invalid)})` },
                ]}
              />
            )}
          </Space>
          <Space wrap style={{ margin: '12px 0' }}>
            {phase !== 'imported' && (
              <Button
                type={phase === 'read' ? 'primary' : 'default'}
                loading={busy === 'check'}
                disabled={busy === 'import'}
                onClick={() => void runCheck()}
                data-testid="import-check"
              >
                Check rows
              </Button>
            )}
            {phase === 'checked' && (
              <>
                <Checkbox checked={onlyIfAllValid} onChange={(e) => setOnlyIfAllValid(e.target.checked)}>
                  Import only if every row is valid
                </Checkbox>
                <Button
                  type="primary"
                  loading={busy === 'import'}
                  disabled={importBlocked || busy === 'check'}
                  onClick={() => void runImport()}
                  data-testid="import-commit"
                >
                  {onlyIfAllValid
                    ? 'Import only if all rows are valid'
                    : `Import ${formatCount(valid)} valid ${valid === 1 ? 'row' : 'rows'}`}
                </Button>
              </>
            )}
            {phase !== 'read' && (
              <Button icon={<DownloadOutlined />} onClick={() => void result()} data-testid="import-result">
                Download result
              </Button>
            )}
          </Space>
          {callError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={callError}
              style={{ marginBottom: 12 }}
              data-testid="call-error"
            />
          )}
          {phase === 'imported' && (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 12 }}
              title={ImportMessages.imported(created)}
              description={<Link to="/websites">Open the websites list</Link>}
              data-testid="import-done"
            />
          )}
          <ImportTable rows={rows} results={results} filter={filter} />
        </section>
      )}
    </Card>
  );
}
