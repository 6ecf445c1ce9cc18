import {
  IMPORT_CELL_MAX,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  ImportMessages,
  cellName,
  looksLikeFormula,
  matchColumns,
  type ImportRow,
} from '@vp/contract';

/**
 * Reads an import file in the browser: an .xlsx with read-excel-file, a .csv with Papa Parse, both
 * loaded only when a file is chosen. The rules of a file (a spreadsheet, the columns, not empty, at
 * most 5,000 rows, no formula, no huge cell) are checked here, so a bad file is refused before
 * anything is sent.
 */

export type ReadResult = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

type Cell = string | number | boolean | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text the server judges: dates as yyyy-mm-dd, numbers as written. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  return String(cell);
}

/**
 * The rows of a sheet read as a table (its first row the header), with their row numbers in the
 * file; blank rows are left out. `rowNumbers[i]` is the file's number of `table[i]` (1-based).
 */
export function rowsFromTable(
  table: readonly (readonly Cell[])[],
  rowNumbers?: readonly number[],
): ReadResult {
  const numbered = table.map((cells, i) => ({
    cells: cells.map(cellText),
    number: rowNumbers?.[i] ?? i + 1,
  }));
  const filled = numbered.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) return { ok: false, message: ImportMessages.empty };
  for (const r of filled)
    for (const [i, c] of r.cells.entries()) {
      if (c.length > IMPORT_CELL_MAX)
        return { ok: false, message: ImportMessages.hugeCell(cellName(r.number, i + 1)) };
      if (looksLikeFormula(c))
        return { ok: false, message: ImportMessages.formula(cellName(r.number, i + 1)) };
    }
  const [header, ...data] = filled;
  const columns = matchColumns(header!.cells);
  if (!columns.ok) return { ok: false, message: ImportMessages.missingColumns(columns.missing) };
  if (data.length === 0) return { ok: false, message: ImportMessages.empty };
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, message: ImportMessages.tooManyRows(data.length) };
  const at = columns.index;
  const rows = data.map((r) => {
    const row: ImportRow = { row: r.number };
    for (const { key } of IMPORT_COLUMNS) row[key] = (r.cells[at[key]] ?? '').trim();
    return row;
  });
  return { ok: true, rows };
}

/** The first cell holding a formula in any sheet of an .xlsx, or null: the reader gives only values. */
export async function formulaCell(bytes: Uint8Array): Promise<string | null> {
  const { unzipSync, strFromU8 } = await import('fflate');
  const files = unzipSync(bytes, { filter: (f) => /^xl\/worksheets\/[^/]+\.xml$/.test(f.name) });
  for (const name of Object.keys(files).sort()) {
    const xml = strFromU8(files[name]!);
    const at = xml.search(/<(?:\w+:)?f[\s>/]/);
    if (at < 0) continue;
    const cellStart = xml.lastIndexOf('<c ', at);
    const ref = /\br="([A-Z]+\d+)"/.exec(xml.slice(cellStart, at));
    return ref?.[1] ?? '?';
  }
  return null;
}

const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

async function readXlsx(bytes: Uint8Array): Promise<ReadResult> {
  if (!isZip(bytes)) return { ok: false, message: ImportMessages.notSpreadsheet };
  let formula: string | null;
  try {
    formula = await formulaCell(bytes);
  } catch {
    return { ok: false, message: ImportMessages.notSpreadsheet };
  }
  if (formula) return { ok: false, message: ImportMessages.formula(formula) };
  const { readSheet } = await import('read-excel-file/universal');
  let table: Cell[][];
  try {
    // Numbers as written: member numbers keep their leading zeros and digits.
    table = (await readSheet(bytes.buffer as ArrayBuffer, { parseNumber: (s: string) => s })) as Cell[][];
  } catch {
    return { ok: false, message: ImportMessages.notSpreadsheet };
  }
  return rowsFromTable(table);
}

async function readCsv(text: string): Promise<ReadResult> {
  // Binary content (NUL characters) is not comma-separated text.
  if (text.includes('\u0000')) return { ok: false, message: ImportMessages.notSpreadsheet };
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  // A row's number is its record's place in the file (a quoted cell may hold a line break).
  return rowsFromTable(parsed.data);
}

/** Reads a chosen file: .xlsx or .csv by name, anything else is refused. */
export async function readImportFile(file: Blob & { name: string }): Promise<ReadResult> {
  const name = file.name.toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (name.endsWith('.xlsx')) return readXlsx(bytes);
  if (name.endsWith('.csv')) return readCsv(new TextDecoder().decode(bytes));
  return { ok: false, message: ImportMessages.notSpreadsheet };
}
