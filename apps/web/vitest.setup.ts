import { cleanup } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';

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

afterEach(() => {
  cleanup();
  // Toasts and confirm dialogs render in roots of their own that cleanup() does not know about.
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  localStorage.clear();
});

// Those roots animate out after being destroyed, and React's scheduler may still have their last
// commit queued when a file's last test ends; let it run while the DOM still exists.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
});
