import { formatCount } from './format.ts';
import { z } from './zod.ts';
import { PrimitiveMessages, isRealDate, isWithinYearsAhead } from './primitives.ts';
import { WebsiteMessages } from './website-rules.ts';
import { domainNameSchema, websiteInputSchema } from './website.ts';

/**
 * Bulk import of websites (Tools → Import Websites): the columns of the file, the limits of a
 * file, the messages of a refused file, and the rows sent to the server, which judges each with the
 * rules and messages of the website modal and answers a row table.
 */

export const IMPORT_COLUMNS = [
  { key: 'domainName', title: 'Domain' },
  { key: 'memberNumber', title: 'Member #' },
  { key: 'product', title: 'Product' },
  { key: 'dba', title: 'DBA' },
  { key: 'startDate', title: 'Start Date' },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** The most rows (besides the header) one file may hold. */
export const IMPORT_MAX_ROWS = 5000;
/** The longest cell a file may hold, in characters. */
export const IMPORT_CELL_MAX = 1000;

/**
 * Import rows one vendor may have checked in an hour: several full files, but too few to map which
 * domains other accounts hold by guessing.
 */
export const IMPORT_CHECK_ROWS_PER_HOUR = 15_000;

export const ImportMessages = {
  notSpreadsheet: 'This file is not a spreadsheet. Please choose an .xlsx or .csv file.',
  empty: 'The file has no rows to import.',
  missingColumns: (titles: readonly string[]) =>
    `The file is missing the ${titles.length === 1 ? 'column' : 'columns'} ${titles.join(', ')}. The first row must name the columns ${IMPORT_COLUMNS.map((c) => c.title).join(', ')}.`,
  tooManyRows: (rows: number) =>
    `The file has ${formatCount(rows)} rows; at most ${formatCount(IMPORT_MAX_ROWS)} can be imported at once. Please split it.`,
  tooManyRowsSent: `At most ${formatCount(IMPORT_MAX_ROWS)} rows can be imported at once. Please split the file.`,
  formula: (cell: string) =>
    `The file holds a formula (cell ${cell}). Please replace formulas with their values and choose the file again.`,
  hugeCell: (cell: string) =>
    `Cell ${cell} holds more than ${formatCount(IMPORT_CELL_MAX)} characters. Please shorten it and choose the file again.`,
  duplicateInFile: (row: number) => `This domain is already on row ${row} of the file.`,
  productUnknown: (text: string, names: readonly string[]) =>
    `There is no product "${text}". Use one of: ${names.join(', ')}.`,
  startDateFormat: 'Please enter the Start Date as yyyy-mm-dd or mm/dd/yyyy.',
  nothingValid: 'No row of the file can be imported; nothing was created.',
  notAllValid: (bad: number) =>
    `${formatCount(bad)} ${bad === 1 ? 'row has a problem' : 'rows have problems'}, so nothing was imported.`,
  imported: (n: number) => `Imported ${formatCount(n)} ${n === 1 ? 'website' : 'websites'}.`,
  createRate: (wanted: number, left: number) =>
    `This import would create ${formatCount(wanted)} websites, but only ${formatCount(left)} more can be created this minute. Import fewer rows, or wait a minute and try again.`,
  checkBudget: (left: number, perHour: number) =>
    left === 0
      ? `This account has checked as many import rows as it may this hour (${formatCount(perHour)}). Please try again later.`
      : `This account may check ${formatCount(left)} more import rows this hour. Please check a smaller file, or try again later.`,
} as const;

/** Header cells match whatever their case and spacing: "member #", "MEMBER#" and "Member  #" alike. */
export function headerKey(title: unknown): string {
  return String(title ?? '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

export type ColumnMatch =
  { ok: true; index: Record<ImportColumnKey, number> } | { ok: false; missing: string[] };

/** Where each column is in the header row; other columns are ignored. */
export function matchColumns(header: readonly unknown[]): ColumnMatch {
  const keys = header.map(headerKey);
  const index = {} as Record<ImportColumnKey, number>;
  const missing: string[] = [];
  for (const column of IMPORT_COLUMNS) {
    const at = keys.indexOf(headerKey(column.title));
    if (at < 0) missing.push(column.title);
    else index[column.key] = at;
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, index };
}

/** A1-style name of a cell; `row` and `column` count from 1. */
export function cellName(row: number, column: number): string {
  let name = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26))
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return `${name}${row}`;
}

/** A cell a spreadsheet program would compute rather than show: it starts with "=". */
export function looksLikeFormula(text: string): boolean {
  return text.trimStart().startsWith('=');
}

/** One row of the file as sent to the server: its row number in the file and its cells as text. */
const cellSchema = z
  .string()
  .max(IMPORT_CELL_MAX, `A cell holds at most ${formatCount(IMPORT_CELL_MAX)} characters.`)
  .refine((s) => !looksLikeFormula(s), 'Formulas are not accepted; please send their values.')
  .default('');

export const importRowSchema = z.object({
  row: z.number().int().min(1).max(1_048_576),
  domainName: cellSchema,
  memberNumber: cellSchema,
  product: cellSchema,
  dba: cellSchema,
  startDate: cellSchema,
});
export type ImportRow = z.input<typeof importRowSchema>;
export type ImportRowParsed = z.output<typeof importRowSchema>;

export const importRowsSchema = z
  .array(importRowSchema, { error: ImportMessages.empty })
  .min(1, ImportMessages.empty)
  .max(IMPORT_MAX_ROWS, ImportMessages.tooManyRowsSent);

/** The dry run: judge every row, create nothing. */
export const importCheckSchema = z.object({ rows: importRowsSchema });

/** The import: creates the valid rows, or (`onlyIfAllValid`) nothing unless every row is valid. */
export const importCommitSchema = z.object({
  rows: importRowsSchema,
  onlyIfAllValid: z.boolean().default(false),
});
export type ImportCommit = z.input<typeof importCommitSchema>;

export const importRowResultSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  /** Empty when ok; otherwise the message the website modal would show. */
  message: z.string(),
  /** The website made from the row (only once imported). */
  siteId: z.number().int().nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  rows: z.array(importRowResultSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Websites created (0 on a dry run). */
  created: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A refused import: the error, with the row table when rows were judged (a bad row with `onlyIfAllValid`). */
export const importRefusalSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  rows: z.array(importRowResultSchema).optional(),
});

/** What a row means once its cells are read; `products` are still names or ids as typed. */
export interface ImportRowValue {
  domainName: string;
  memberNumber: string;
  products: string[];
  dba: string;
  /** yyyy-mm-dd, or null for "today", as the modal's default. */
  startDate: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd from yyyy-mm-dd, yyyy/mm/dd or mm/dd/yyyy text; null when the text is none of them. */
export function importDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t);
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}`;
  return null;
}

/** Products are named, or given by id, one or several separated by commas or semicolons. */
export function importProducts(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The checks of a row that need no data: the modal's domain, agent, DBA and start date rules.
 * Answers the row's value, or the message of the first rule it breaks.
 */
export function readImportRow(
  row: ImportRowParsed,
  now: Date = new Date(),
): { ok: true; value: ImportRowValue } | { ok: false; message: string } {
  const domain = domainNameSchema.safeParse(row.domainName);
  if (!domain.success) return { ok: false, message: domain.error.issues[0]!.message };
  const member = row.memberNumber.trim();
  if (member === '') return { ok: false, message: WebsiteMessages.agentRequired };
  // No roster member number is that long: such a cell names nobody.
  if (member.length > 50) return { ok: false, message: WebsiteMessages.agentNotFound };
  const products = importProducts(row.product);
  if (products.length === 0) return { ok: false, message: WebsiteMessages.productRequired };
  const dba = websiteInputSchema.shape.dba.safeParse(row.dba);
  if (!dba.success) return { ok: false, message: dba.error.issues[0]!.message };
  let startDate: string | null = null;
  if (row.startDate.trim() !== '') {
    startDate = importDate(row.startDate);
    if (startDate === null) return { ok: false, message: ImportMessages.startDateFormat };
    if (!isRealDate(startDate)) return { ok: false, message: PrimitiveMessages.dateInvalid };
    if (!isWithinYearsAhead(startDate, now)) return { ok: false, message: WebsiteMessages.startDateTooFar };
  }
  return {
    ok: true,
    value: { domainName: domain.data, memberNumber: member, products, dba: dba.data, startDate },
  };
}
