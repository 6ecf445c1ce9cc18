import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  WebhookMessages as M,
  createWebhookSchema,
  webhookUrlProblem,
  type UpdateWebhook,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@vp/contract';
import type { Rule } from 'antd/es/form';
import { Button, Drawer, Form, Input } from 'antd';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useCreateWebhook, useUpdateWebhook, type WebhookScope } from '../api.ts';
import { WebhookTexts as T } from '../texts.ts';
import { EventTypePicker } from './event-type-picker.tsx';

interface Values {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

const DRAWER_WIDTH = 560;

const urlRule: Rule = {
  validator: async (_rule, value: unknown) => {
    const problem = webhookUrlProblem(typeof value === 'string' ? value : '');
    if (problem) throw new Error(problem);
  },
};

/** The contract's rule for a field, with its message, as an antd rule. */
function schemaRule(field: 'description' | 'eventTypes'): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = createWebhookSchema.shape[field].safeParse(value ?? (field === 'eventTypes' ? [] : ''));
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
    },
  };
}

function valuesOf(endpoint: WebhookEndpoint | null): Values {
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    eventTypes: endpoint ? [...endpoint.eventTypes] : [],
  };
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed, so a save touches nothing else of the endpoint. */
function changes(base: Values, values: Values): UpdateWebhook {
  const out: UpdateWebhook = {};
  if (values.url.trim() !== base.url) out.url = values.url.trim();
  if (values.description.trim() !== base.description) out.description = values.description.trim();
  if (!sameEvents(values.eventTypes, base.eventTypes)) out.eventTypes = values.eventTypes;
  return out;
}

/**
 * Adds or edits an endpoint: its address (checked with the contract's rule as it is typed), a
 * description and the events it receives. A new endpoint's secret is handed to `onCreated`, which
 * shows it once.
 */
export function EndpointDrawer({
  scope,
  endpoint,
  onClose,
  onCreated,
}: {
  scope: WebhookScope;
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (made: WebhookWithSecret) => void;
}) {
  const [form] = Form.useForm<Values>();
  const wide = useIsWide();
  const create = useCreateWebhook(scope);
  const update = useUpdateWebhook(scope);
  const initial = valuesOf(endpoint);
  const watched = Form.useWatch((v: Values) => v, form) as Partial<Values> | undefined;
  const current: Values = { ...initial, ...watched };
  const dirty =
    watched !== undefined &&
    (current.url !== initial.url ||
      current.description !== initial.description ||
      !sameEvents(current.eventTypes ?? [], initial.eventTypes));
  const guard = useUnsavedChanges(dirty);
  const saving = create.isPending || update.isPending;

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  async function submit(values: Values) {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, input: changes(initial, values) });
        guard.release();
        void toastSaved(T.saved);
        onClose();
      } else {
        const made = await create.mutateAsync({
          url: values.url.trim(),
          description: values.description.trim(),
          eventTypes: values.eventTypes,
        });
        guard.release();
        onCreated(made);
      }
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          url: [M.urlRequired, M.urlInvalid, M.urlTooLong, M.urlCredentials, M.urlNotPublic],
          description: [M.descriptionTooLong],
          eventTypes: [M.eventsRequired],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  const formName = endpoint ? `webhook-${endpoint.id}` : 'new-webhook';
  return (
    <Drawer
      title={endpoint ? T.editTitle : T.newTitle}
      open
      size={wide ? DRAWER_WIDTH : '100%'}
      onClose={() => void cancel()}
      destroyOnHidden
      data-testid="webhook-drawer"
      footer={
        <div className="vp-webhook-actions">
          <Button type="primary" loading={saving} disabled={!dirty} onClick={() => form.submit()}>
            {endpoint ? T.save : T.create}
          </Button>
          <Button onClick={() => void cancel()}>{T.cancel}</Button>
        </div>
      }
    >
      <Form<Values>
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        requiredMark
      >
        <Form.Item label={T.fields.url} name="url" required extra={T.urlHint} rules={[urlRule]}>
          <Input
            type="url"
            inputMode="url"
            maxLength={WEBHOOK_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          label={T.fields.description}
          name="description"
          extra={T.descriptionHint}
          rules={[schemaRule('description')]}
        >
          <Input maxLength={WEBHOOK_DESCRIPTION_MAX} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={T.fields.events}
          name="eventTypes"
          required
          extra={T.eventsHint}
          rules={[schemaRule('eventTypes')]}
        >
          <EventTypePicker />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
