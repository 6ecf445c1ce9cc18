import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endFirstPaint,
  firstPaintPage,
  firstPaintPath,
  takeFirstPaintAnswers,
  useEndFirstPaint,
} from '../lib/first-paint.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { resetToken, setToken } from '../lib/session.ts';
import { metadata, serveApi, website } from '../testing/fake-api.tsx';
import { showFirstPaint } from './first-paint.tsx';

const profile = { acceptedTOS: true, role: 'vendor', vendor: 1 };

function overlay(): HTMLElement | null {
  return document.querySelector('.vp-fp');
}

/** Waits until the first paint has asked for the app (after the frame it was drawn in). */
function appStarted(startApp: ReturnType<typeof vi.fn>) {
  return vi.waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
}

beforeEach(() => {
  setToken('t');
  window.history.replaceState(null, '', '/dashboard');
});
afterEach(() => {
  endFirstPaint();
  takeFirstPaintAnswers();
  resetToken();
  vi.unstubAllGlobals();
});

describe('the signed-in first paint', () => {
  it('is only for the dashboard and the websites list, and only with a session', () => {
    expect(firstPaintPage('/dashboard')).toBe('dashboard');
    expect(firstPaintPage('/websites')).toBe('websites');
    expect(firstPaintPage('/profile')).toBeNull();
    resetToken();
    expect(firstPaintPage('/dashboard')).toBeNull();
  });

  it('draws the dashboard figures hidden from assistive technology, then starts the app', async () => {
    serveApi((_m, path) => {
      if (path === '/profile') return { body: profile };
      if (path === '/portal/metadata')
        return { body: { ...metadata(), vendorName: 'Summit Web', totalSites: 130 } };
      return undefined;
    });
    const startApp = vi.fn();
    showFirstPaint('dashboard', startApp);
    await appStarted(startApp);
    const paint = overlay()!;
    expect(paint.getAttribute('aria-hidden')).toBe('true');
    expect(paint.inert).toBe(true);
    expect(paint.textContent).toContain('Summit Web');
    expect(paint.textContent).toContain('Total sites130');
    expect(paint.textContent).toContain('Missing documents');
    expect(firstPaintPath()).toBe('/dashboard');
    // The app starts with the answers the paint was drawn from.
    const keys = takeFirstPaintAnswers().map((a) => a.queryKey);
    expect(keys).toEqual([queryKeys.profile.me, queryKeys.dashboard.metadata]);
  });

  it('draws the page of websites the address asks for, from the call the Websites page makes', async () => {
    window.history.replaceState(null, '', '/websites?sort=office&page=2');
    const { calls } = serveApi((_m, path) => {
      if (path === '/profile') return { body: profile };
      if (path === '/portal/metadata') return { body: metadata() };
      if (path.startsWith('/portal/websites?'))
        return {
          body: { items: [website({ domainName: 'first-paint.example', licensee: 'Ann Lee' })], total: 1 },
        };
      return undefined;
    });
    const startApp = vi.fn();
    showFirstPaint('websites', startApp);
    await appStarted(startApp);
    expect(calls.map((c) => c.path)).toContain('/portal/websites?page=2&pageSize=50&sort=office&order=asc');
    expect(overlay()!.textContent).toContain('first-paint.example');
    expect(overlay()!.textContent).toContain('Ann Lee');
    const list = takeFirstPaintAnswers().find((a) => a.queryKey[0] === 'websites');
    expect(list?.queryKey).toEqual(
      queryKeys.websites.list({ page: 2, pageSize: 50, sort: 'office', order: 'asc' }),
    );
  });

  it('asks for a site opened by its address beside the list, once, and gives it to the app', async () => {
    window.history.replaceState(null, '', '/websites?site=47');
    const products = [{ id: 1, name: 'IDX' }];
    const { calls } = serveApi((_m, path) => {
      if (path === '/profile') return { body: profile };
      if (path === '/portal/metadata') return { body: metadata() };
      if (path.startsWith('/portal/websites?')) return { body: { items: [website()], total: 1 } };
      if (path === '/portal/websites/47') return { body: website({ rowKey: 47 }) };
      if (path === '/products') return { body: products };
      return undefined;
    });
    const startApp = vi.fn();
    showFirstPaint('websites', startApp);
    await appStarted(startApp);
    expect(calls.filter((c) => c.path === '/portal/websites/47')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/products')).toHaveLength(1);
    // The app's cache starts with the site and the products its form offers, so the modal opens
    // in the app's first render.
    const answers = takeFirstPaintAnswers();
    expect(
      answers.find((a) => a.queryKey.join() === queryKeys.websites.detail(47).join())?.data,
    ).toMatchObject({
      rowKey: 47,
    });
    expect(answers.find((a) => a.queryKey.join() === queryKeys.websites.products.join())?.data).toEqual(
      products,
    );
  });

  it('leaves a site that cannot be had to the modal’s own call', async () => {
    window.history.replaceState(null, '', '/websites?site=48');
    serveApi((_m, path) => {
      if (path === '/profile') return { body: profile };
      if (path === '/portal/metadata') return { body: metadata() };
      if (path.startsWith('/portal/websites?')) return { body: { items: [website()], total: 1 } };
      if (path === '/portal/websites/48') return { body: { code: 404, message: 'gone' }, status: 404 };
      if (path === '/products') return { body: [] };
      return undefined;
    });
    const startApp = vi.fn();
    showFirstPaint('websites', startApp);
    await appStarted(startApp);
    expect(overlay()!.textContent).toContain('Websites');
    const keys = takeFirstPaintAnswers().map((a) => a.queryKey.join());
    expect(keys).not.toContain(queryKeys.websites.detail(48).join());
  });

  it('leaves a user held on the terms of use to the app, which says why', async () => {
    const { calls } = serveApi((_m, path) =>
      path === '/profile' ? { body: { ...profile, acceptedTOS: false } } : undefined,
    );
    const startApp = vi.fn();
    showFirstPaint('dashboard', startApp);
    await appStarted(startApp);
    expect(overlay()).toBeNull();
    // Vendor data is not asked for before the terms are accepted.
    expect(calls.map((c) => c.path)).toEqual(['/profile']);
    expect(takeFirstPaintAnswers()).toEqual([]);
  });

  it('leaves a failed call to the app, which shows its error', async () => {
    serveApi((_m, path) => (path === '/profile' ? { body: profile } : { body: { code: 500 }, status: 500 }));
    const startApp = vi.fn();
    showFirstPaint('dashboard', startApp);
    await appStarted(startApp);
    expect(overlay()).toBeNull();
  });

  it('is removed by the page once it shows the same content', async () => {
    serveApi((_m, path) =>
      path === '/profile'
        ? { body: profile }
        : path === '/portal/metadata'
          ? { body: metadata() }
          : undefined,
    );
    const startApp = vi.fn();
    showFirstPaint('dashboard', startApp);
    await appStarted(startApp);
    expect(overlay()).not.toBeNull();
    function Page({ ready }: { ready: boolean }) {
      useEndFirstPaint(ready);
      return <p>page</p>;
    }
    const view = render(<Page ready={false} />);
    expect(overlay()).not.toBeNull();
    view.rerender(<Page ready />);
    expect(overlay()).toBeNull();
    expect(firstPaintPath()).toBeNull();
  });
});
