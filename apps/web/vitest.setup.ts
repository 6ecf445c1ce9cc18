import { cleanup, waitFor } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { createElement } from 'react';
import { afterEach } from 'vitest';
import { resetToken } from './src/lib/session.ts';
import { loadSettings, settingsStore } from './src/lib/settings.ts';
import { preloadToasts } from './src/lib/toast.ts';

// antd's responsive helpers ask matchMedia; happy-dom answers it, but always as "no match".
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// A call no test serves never leaves the process: happy-dom's own fetch would send it to
// localhost:3000. Tests stub fetch with their fake API; unstubbing comes back to this.
globalThis.fetch = (input: RequestInfo | URL) =>
  Promise.reject(new TypeError(`No fake API answers ${String(input)} in this test`));

// Without CSS transitions in the test DOM, an animated leave never ends and its React root would
// still be rendering when the file's environment is torn down: toasts, notifications and confirm
// dialogs (their own roots) leave at once instead.
ConfigProvider.config({
  holderRender: (children) =>
    createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

// A toast raised as a test ends (e.g. by the route guard) shows at once, inside that test, instead
// of after a module load that could finish once the test environment is gone.
await preloadToasts();

// Toasts, notifications and confirm dialogs render in React roots of their own that cleanup() does
// not know about, and leave with an animation. Each test waits until they are gone, so no render of
// theirs is still scheduled when the file's environment is torn down.
const OUTSIDE_TREE = '.ant-message-notice, .ant-notification-notice';

afterEach(async () => {
  cleanup();
  // Only what is on screen is destroyed: destroying creates antd's holder root when there is none,
  // which would render after the test.
  if (document.querySelector('.ant-message-notice')) message.destroy();
  if (document.querySelector('.ant-notification-notice')) notification.destroy();
  if (document.querySelector('.ant-modal-root')) Modal.destroyAll();
  await waitFor(() => {
    if (document.querySelector(OUTSIDE_TREE)) throw new Error('antd popups still leaving');
  });
  localStorage.clear();
  // The files of a worker share their modules (isolate: false in vitest.config.ts), so what a test
  // left in the app's module-level stores is put back as a fresh page load would find it: no
  // session (which also empties the query cache, the visited tags and the vendor), the default
  // settings, and the address at the root.
  resetToken();
  settingsStore.set(loadSettings());
  window.history.replaceState(null, '', '/');
});
