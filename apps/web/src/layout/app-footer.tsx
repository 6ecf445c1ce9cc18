import { PRODUCT_NAME } from '@vp/contract';
import { Button, Layout } from 'antd';
import { useState } from 'react';
import { ChangelogDrawer } from './changelog-drawer.tsx';

export function AppFooter() {
  const [open, setOpen] = useState(false);
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
      <ChangelogDrawer open={open} onClose={() => setOpen(false)} />
    </Layout.Footer>
  );
}
