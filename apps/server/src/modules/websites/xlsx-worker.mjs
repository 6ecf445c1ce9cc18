// The spreadsheet writer's thread (see xlsx-writer.ts). It holds one exceljs streaming workbook per
// export in progress, adds the rows it is sent, and posts the file's bytes back as they are zipped,
// so the server's main thread only reads the database and sends.
//
// From the server: { kind: 'open', id, sheet, widths, headers, dates } · { kind: 'rows', id, lines }
// (one JSON array of cells per line; the cells of the `dates` columns are ISO days or null)
// · { kind: 'end', id } · { kind: 'drop', id }.
// To the server: { kind: 'bytes', id, bytes } · { kind: 'taken', id } (a batch of rows is written)
// · { kind: 'done', id } · { kind: 'failed', id, message }.
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** The data cells' style (the defaults), one object for every cell so it is filed once. */
const PLAIN = {};
/** A date cell's style: a real date, shown as the screen shows it. */
const DAY = { numFmt: 'mm/dd/yyyy' };

/** An ISO day as the date a spreadsheet stores (midnight UTC is the day itself, whatever the zone). */
const dayOf = (iso) => new Date(`${iso}T00:00:00Z`);

/** @type {Map<number, { workbook: any, sheet: any, flush: () => void, dates: number[] }>} */
const open = new Map();

/** Bytes are handed over in pieces of about this size: the zip writes many small ones. */
const PIECE = 64 * 1024;

function bytesTo(id) {
  let parts = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    parts = [];
    size = 0;
    // Handed over to the main thread without another copy.
    parentPort.postMessage({ kind: 'bytes', id, bytes }, [bytes.buffer]);
  };
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= PIECE) flush();
      callback();
    },
    final(callback) {
      flush();
      callback();
    },
  });
  return { stream, flush };
}

function start({ id, sheet: sheetName, widths, headers, dates = [] }) {
  const out = bytesTo(id);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out.stream,
    useStyles: true,
    // Texts as shared strings (`t="s"`), the usual string cell every spreadsheet program reads.
    useSharedStrings: true,
    // The sheet's text repeats a lot; the fastest level already packs it about seven times.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = widths.map((width) => ({ width }));
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();
  open.set(id, { workbook, sheet, flush: out.flush, dates });
}

function addRows({ id, lines }) {
  const file = open.get(id);
  if (!file) return;
  const rows = JSON.parse(`[${lines.trimEnd().replaceAll('\n', ',')}]`);
  for (const cells of rows) {
    for (const at of file.dates) if (cells[at]) cells[at] = dayOf(cells[at]);
    const row = file.sheet.addRow(cells);
    row.eachCell((cell) => {
      cell.style = cell.value instanceof Date ? DAY : PLAIN;
    });
    row.commit();
  }
  file.flush();
  parentPort.postMessage({ kind: 'taken', id });
}

async function finish({ id }) {
  const file = open.get(id);
  if (!file) return;
  file.sheet.commit();
  await file.workbook.commit();
  open.delete(id);
  parentPort.postMessage({ kind: 'done', id });
}

const handlers = { open: start, rows: addRows, end: finish, drop: ({ id }) => open.delete(id) };

parentPort.on('message', (message) => {
  Promise.resolve()
    .then(() => handlers[message.kind](message))
    .catch((err) => {
      open.delete(message.id);
      parentPort.postMessage({ kind: 'failed', id: message.id, message: err?.message ?? String(err) });
    });
});
