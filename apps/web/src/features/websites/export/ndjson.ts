/**
 * Reads an NDJSON body as it arrives: each call of the generator hands over the values of the lines
 * completed so far, so a long export is parsed and turned into sheet rows while the rest is still on
 * the wire, and no single parse holds the thread for the whole list.
 */
export async function* ndjsonBatches<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? rest + decoder.decode() : rest + decoder.decode(value, { stream: true });
      const end = done ? text.length : text.lastIndexOf('\n') + 1;
      rest = text.slice(end);
      const values: T[] = [];
      let from = 0;
      while (from < end) {
        let to = text.indexOf('\n', from);
        if (to < 0 || to > end) to = end;
        const line = text.slice(from, to).trim();
        if (line) values.push(JSON.parse(line) as T);
        from = to + 1;
      }
      if (values.length > 0) yield values;
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
