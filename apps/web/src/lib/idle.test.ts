import { IDLE_TIMEOUT_MS } from '@vp/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleTimeoutMs, watchIdle } from './idle.ts';

afterEach(() => vi.useRealTimers());

describe('idle logout timer', () => {
  it('defaults to 60 minutes; the override can only shorten it', () => {
    expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
    localStorage.setItem('vp.idleTimeoutMs', '1500');
    expect(idleTimeoutMs()).toBe(1500);
    localStorage.setItem('vp.idleTimeoutMs', String(IDLE_TIMEOUT_MS * 5));
    expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
    localStorage.setItem('vp.idleTimeoutMs', 'soon');
    expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
  });

  it('fires once after the timeout without input; any input restarts the wait', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle, 1000);
    vi.advanceTimersByTime(900);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(900);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops watching when the layout unmounts', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    watchIdle(onIdle, 1000)();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
