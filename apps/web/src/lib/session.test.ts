import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToken, setAcceptedTOS, setAccount, setToken, whenVendorDataAllowed } from './session.ts';

afterEach(() => resetToken());

describe('calls made before their page renders', () => {
  it('wait until the guard knows the user has accepted the terms', () => {
    setToken('t');
    const start = vi.fn();
    whenVendorDataAllowed(start);
    expect(start).not.toHaveBeenCalled();

    setAccount(['vendor'], true);
    expect(start).toHaveBeenCalledTimes(1);
    // Once only, whatever the session learns afterwards.
    setAcceptedTOS(true);
    setAccount(['vendor'], true);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('start at once when the account is already known', () => {
    setToken('t');
    setAccount(['viewer'], true);
    const start = vi.fn();
    whenVendorDataAllowed(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never start for a user held on the terms page, even after they accept', () => {
    setToken('t');
    const start = vi.fn();
    whenVendorDataAllowed(start);
    setAccount(['vendor'], false);
    setAcceptedTOS(true);
    expect(start).not.toHaveBeenCalled();
  });

  it('never start without a session', () => {
    const start = vi.fn();
    whenVendorDataAllowed(start);
    setToken('t');
    setAccount(['vendor'], true);
    expect(start).not.toHaveBeenCalled();
  });
});
