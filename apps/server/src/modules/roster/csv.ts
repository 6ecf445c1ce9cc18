/**
 * RFC 4180 CSV: fields separated by commas, optionally quoted with double quotes, a doubled quote
 * inside a quoted field is one quote, and quoted fields may span lines. Records end with CRLF or LF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    // A blank line is not a record.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed.');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Rows of a CSV with a header line, as records keyed by the header's column names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((cells) => {
    const record: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name) record[name] = cells[i] ?? '';
    });
    return record;
  });
}
