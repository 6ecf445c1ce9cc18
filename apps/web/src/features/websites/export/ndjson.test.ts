import { describe, expect, it } from 'vitest';
import { ndjsonBatches } from './ndjson.ts';

/** A body that arrives in the given pieces, as a network would cut it. */
function body(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(typeof p === 'string' ? encoder.encode(p) : p);
      controller.close();
    },
  });
}

async function collect<T>(stream: ReadableStream<Uint8Array>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of ndjsonBatches<T>(stream)) out.push(batch);
  return out;
}

describe('ndjsonBatches', () => {
  it('hands over the lines completed in each piece, joining lines cut between pieces', async () => {
    const batches = await collect<{ id: number }>(body(['{"id":1}\n{"id"', ':2}\n{"id":3}\n', '{"id":4}\n']));
    expect(batches).toEqual([[{ id: 1 }], [{ id: 2 }, { id: 3 }], [{ id: 4 }]]);
  });

  it('reads a last line without a newline, and skips blank lines', async () => {
    expect(await collect(body(['\n{"a":"x"}\n\n', '{"a":"y"}']))).toEqual([[{ a: 'x' }], [{ a: 'y' }]]);
  });

  it('keeps a character cut between pieces whole', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zoë Ångström"}\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const batches = await collect<{ name: string }>(body([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(batches.flat()).toEqual([{ name: 'Zoë Ångström' }]);
  });

  it('answers nothing for an empty body', async () => {
    expect(await collect(body([]))).toEqual([]);
  });

  it('fails on a line that is not JSON', async () => {
    await expect(collect(body(['{"id":1}\nnot json\n']))).rejects.toThrow();
  });
});
