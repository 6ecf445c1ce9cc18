import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, loadChunk, loadFailureKind } from './chunk-load.ts';
import { ApiError } from './http.ts';

const missing = () =>
  new TypeError('Failed to fetch dynamically imported module: http://portal.test/assets/page-1.js');

afterEach(() => vi.unstubAllGlobals());

describe('loading a part of the app', () => {
  it('tries again while the code does not arrive, and gives up after the last try', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(missing())
      .mockResolvedValueOnce('page');
    await expect(loadChunk(load, [0, 0])).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);

    const never = vi.fn<() => Promise<string>>().mockRejectedValue(missing());
    await expect(loadChunk(never, [0, 0])).rejects.toThrow(/dynamically imported module/);
    expect(never).toHaveBeenCalledTimes(3);
  });

  it('does not try again after an error in the code itself', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('boom'));
    await expect(loadChunk(load, [0, 0])).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Failed to fetch dynamically imported module: http://x/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module: http://x/assets/a.js', true],
    ['Unable to preload CSS for /assets/a.css', true],
    ['Cannot read properties of undefined', false],
  ])('"%s" is a chunk that did not arrive: %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});

describe('what a failed load is said to be', () => {
  it('unreachable when the portal does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await loadFailureKind(missing())).toBe('unreachable');
  });

  it('a new version when the portal answers but the code is gone', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadFailureKind(missing())).toBe('newVersion');
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
  });

  it('unreachable for a call that got no answer, and a plain failure for anything else, without asking', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadFailureKind(new ApiError(0, 0, 'The portal could not be reached.'))).toBe('unreachable');
    expect(await loadFailureKind(new Error('boom'))).toBe('failed');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
