import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { HistoryDrawer } from './history-drawer.tsx';

type SizedWindow = { happyDOM: { setWindowSize: (s: { width: number; height: number }) => void } };
function setSize(width: number, height: number) {
  (window as unknown as SizedWindow).happyDOM.setWindowSize({ width, height });
  window.dispatchEvent(new Event('resize'));
}
const resize = (width: number, height: number) => act(() => setSize(width, height));

afterEach(async () => {
  vi.unstubAllGlobals();
  setSize(1024, 768);
});

async function openDrawer() {
  setToken('t');
  setAccount(['vendor'], true);
  serveApi((_method, path) => (path === '/website/7/changelog' ? { body: [] } : undefined));
  renderWithClient(<HistoryDrawer siteId={7} open onClose={() => undefined} />);
  await screen.findByText('History');
  return document.querySelector<HTMLElement>('.ant-drawer-content-wrapper')!;
}

describe('History drawer', () => {
  it('is full width below the md breakpoint (a phone, 390 px)', async () => {
    await resize(390, 844);
    const drawer = await openDrawer();
    expect(drawer.style.width).toBe('100%');
  });

  it('is 30 % wide from md up', async () => {
    await resize(1440, 900);
    const drawer = await openDrawer();
    expect(drawer.style.width).toBe('30%');
  });
});
