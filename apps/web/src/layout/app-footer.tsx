import { PRODUCT_NAME } from '@vp/contract';
import { Button, Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '../lib/chunk-load.ts';

// The changelog loads when it is first opened.
const ChangelogDrawer = lazy(() =>
  loadChunk(() => import('./changelog-drawer.tsx')).then((m) => ({ default: m.ChangelogDrawer })),
);

export function AppFooter() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  return (
    <Layout.Footer className="vp-footer">
      <span>{PRODUCT_NAME}</span>
      <span className="vp-footer-sep" aria-hidden="true">
        ·
      </span>
      <span data-testid="app-version">Version {__APP_VERSION__}</span>
      <span className="vp-footer-sep" aria-hidden="true">
        ·
      </span>
      <Button type="link" size="small" onClick={() => setOpen(true)} className="vp-footer-link">
        Changelog
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ChangelogDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Layout.Footer>
  );
}
