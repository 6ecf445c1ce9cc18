import { Messages } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../testing/fake-api.tsx';
import { ApiError, requestBlob, upload } from './http.ts';
import { setNavigator } from './navigation.ts';
import { getToken, setToken } from './session.ts';
import { setVendor } from './settings.ts';

const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  setToken('session-token');
  setVendor(42);
});
afterEach(() => {
  setVendor(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function form(): FormData {
  const f = new FormData();
  f.append('documentType', '3');
  f.append('file', new File(['abc'], 'a.pdf'));
  return f;
}

describe('upload()', () => {
  it('posts the form with the bearer token and Vendor header, and reports progress', async () => {
    const { calls, headers } = serveApi(() => ({ status: 201, body: { message: 'ok' }, progress: [0.5] }));
    const progress: number[] = [];
    await expect(upload('/documents', form(), { onProgress: (f) => progress.push(f) })).resolves.toEqual({
      message: 'ok',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/documents' });
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer session-token', Vendor: '42' });
    expect(progress).toEqual([0.5, 1]);
  });

  it("a 4xx is the server's message; a 5xx is the app's own sentence", async () => {
    serveApi(() => ({ status: 413, body: { code: 413, message: 'Too large' } }));
    await expect(upload('/documents', form())).rejects.toMatchObject({ status: 413, message: 'Too large' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi(() => ({ status: 500, body: { code: 500, message: 'stack trace' } }));
    await expect(upload('/documents', form())).rejects.toMatchObject({
      status: 500,
      message: Messages.serverFailed,
    });
  });

  it('a 401 ends the session like any other call', async () => {
    serveApi(() => ({ status: 401, body: { code: 401, message: 'Unauthorized' } }));
    await expect(upload('/documents', form())).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalled();
  });
});

describe('requestBlob()', () => {
  it('answers the file, sent with the session headers', async () => {
    const { headers } = serveApi(() => ({ body: 'file-bytes' }));
    const blob = await requestBlob('/document/1');
    expect(await blob.text()).toBe('"file-bytes"');
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer session-token', Vendor: '42' });
  });

  it('a refusal carries the server message', async () => {
    serveApi(() => ({ status: 404, body: { code: 404, message: 'Document not found' } }));
    await expect(requestBlob('/document/9')).rejects.toMatchObject({
      status: 404,
      message: 'Document not found',
    });
  });
});
