import type { WebhookEndpoint } from '@vp/contract';
import { Modal } from 'antd';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook, type WebhookScope } from '../api.ts';
import { WebhookTexts as T } from '../texts.ts';

/**
 * The one-click actions of an endpoint, each with its toast: enable or disable, send a test event,
 * and delete after a question; `toggling` and `testing` say which endpoint is waiting for one.
 */
export function useEndpointCommands(scope: WebhookScope) {
  const update = useUpdateWebhook(scope);
  const test = useSendTestEvent(scope);
  const remove = useDeleteWebhook(scope);

  async function setEnabled(endpoint: WebhookEndpoint, enabled: boolean) {
    try {
      await update.mutateAsync({ id: endpoint.id, input: { enabled } });
      void toastSaved(enabled ? T.enabledDone : T.disabledDone);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  async function sendTest(endpoint: WebhookEndpoint) {
    try {
      await test.mutateAsync(endpoint.id);
      void toast('success', T.testSent);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  /**
   * Asks first; `onDeleted` runs once it is gone and the question has closed (so focus moved then
   * is not taken back by the closing dialog).
   */
  function askDelete(endpoint: WebhookEndpoint, onDeleted?: () => void) {
    let deleted = false;
    Modal.confirm({
      title: T.deleteConfirm(endpoint.url),
      content: T.deleteEffect,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      // Cancel is the safe answer: Enter on the opened question deletes nothing.
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await remove.mutateAsync(endpoint.id);
          deleted = true;
          void toastSaved(T.deleted);
        } catch (err) {
          void toast('error', errorMessage(err));
        }
      },
      afterClose: () => {
        if (deleted) onDeleted?.();
      },
    });
  }

  return {
    setEnabled,
    sendTest,
    askDelete,
    toggling: (id: number) => update.isPending && update.variables?.id === id,
    testing: (id: number) => test.isPending && test.variables === id,
  };
}
