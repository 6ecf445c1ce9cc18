import { ErrorCodes, MfaMessages } from '@vp/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { ConfirmCanceled, withConfirmation } from './confirm-first.ts';

const confirmFirst = () => new ApiError(403, ErrorCodes.confirmFirst, MfaMessages.confirmFirst);

describe('withConfirmation', () => {
  it('makes the call once when no confirmation is wanted', async () => {
    const ask = vi.fn();
    await expect(withConfirmation(() => Promise.resolve('done'), ask)).resolves.toBe('done');
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks when the server wants a confirmation, then makes the call again', async () => {
    const call = vi.fn().mockRejectedValueOnce(confirmFirst()).mockResolvedValueOnce('done');
    const ask = vi.fn(() => Promise.resolve(true));
    await expect(withConfirmation(call, ask)).resolves.toBe('done');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('makes nothing more when the user closes the question', async () => {
    const call = vi.fn().mockRejectedValue(confirmFirst());
    await expect(withConfirmation(call, () => Promise.resolve(false))).rejects.toBeInstanceOf(
      ConfirmCanceled,
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('passes any other refusal on without asking', async () => {
    const refused = new ApiError(409, 409, MfaMessages.lastFactorRequired);
    const ask = vi.fn();
    await expect(withConfirmation(() => Promise.reject(refused), ask)).rejects.toBe(refused);
    expect(ask).not.toHaveBeenCalled();
  });
});
