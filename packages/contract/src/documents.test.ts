import { describe, expect, it } from 'vitest';
import { DocumentMessages, cleanFileName, extensionOf, uploadNameError } from './documents.ts';

describe('cleanFileName', () => {
  it.each([
    ['a right-to-left override posing as a PNG', 'invoice\u202Egnp.txt', 'invoicegnp.txt'],
    ['a left-to-right override', 'report\u202D.pdf', 'report.pdf'],
    ['embeddings and the pop', 'a\u202Ab\u202Bc\u202C.pdf', 'abc.pdf'],
    ['isolates', '\u2066scan\u2067\u2068\u2069.png', 'scan.png'],
    ['bidirectional marks', 'w9\u200E\u200F\u061C.pdf', 'w9.pdf'],
    ['zero-width space, joiners and word joiner', 'w\u200B9\u200C\u200D\u2060.pdf', 'w9.pdf'],
    ['a byte order mark', '\uFEFFlist.csv', 'list.csv'],
    ['line and paragraph separators', 'one\u2028two\u2029.txt', 'onetwo.txt'],
    [
      'an ordinary name, accents and all',
      "Zürich 'Übersicht' (東京) — W-9.pdf",
      "Zürich 'Übersicht' (東京) — W-9.pdf",
    ],
    ['Arabic and Hebrew letters, which stay', 'عقد חוזה.pdf', 'عقد חוזה.pdf'],
  ])('%s', (_case, name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });

  it('leaves the real extension in charge: the override name is a .txt, not a PNG', () => {
    const name = cleanFileName('invoice\u202Egnp.txt');
    expect(extensionOf(name)).toBe('txt');
    expect(uploadNameError(name)).toBeNull();
  });

  it('leaves nothing of a name made of invisible characters but its extension, which is refused', () => {
    expect(uploadNameError(cleanFileName('\u202E\u200B.pdf'))).toBe(DocumentMessages.extension);
  });
});
