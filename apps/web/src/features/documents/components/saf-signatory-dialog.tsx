import { SafMessages, type SafSignatory } from '@vp/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { ApiError } from '../../../lib/http.ts';
import { message } from '../../../lib/toast.ts';
import { useSendSaf, useSignatories } from '../api.ts';

/** What the SAF is sent for: the site and what is printed on the form. */
export interface SafSite {
  id: number;
  domainName: string;
  brokerMlsId: string | null;
  /** A pending change request the form is sent for: it names the terms the request asks for. */
  requestId?: number;
}

/** Why a SAF request failed, in the spec's words (§8 SAF). */
export function safSendFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status >= 500) return SafMessages.serverFailed;
    if (err.status >= 400 && err.message) return err.message;
  }
  return SafMessages.requestFailed;
}

interface Values {
  signatures: SafSignatory[];
}

interface Props {
  typeId: number;
  site: SafSite;
  onClose: () => void;
}

/**
 * The SAF signatory dialog (spec §2 Other dialogs, §5): one row per signatory, prefilled by the
 * server; name and email can be changed only where the signatory allows an override.
 */
export default function SafSignatoryDialog({ typeId, site, onClose }: Props) {
  const signatories = useSignatories(typeId, site.id, true, site.requestId);
  const send = useSendSaf(typeId, site.id);
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);

  useEffect(() => {
    if (signatories.data) form.setFieldsValue({ signatures: signatories.data });
  }, [signatories.data, form]);

  async function close() {
    if (await guard.confirmLeave()) onClose();
  }

  async function submit(values: Values) {
    const loaded = signatories.data ?? [];
    const signatures = loaded.map((s, i) => {
      const edited = values.signatures[i];
      return s.canOverride && edited
        ? { ...s, name: edited.name.trim(), email: edited.email.trim() }
        : { ...s };
    });
    try {
      const answer = await send.mutateAsync({
        fields: {
          ...(site.brokerMlsId ? { mlsId: site.brokerMlsId } : {}),
          domainName: site.domainName,
        },
        id: site.id,
        ...(site.requestId === undefined ? {} : { request: site.requestId }),
        type: 'website',
        signatures,
      });
      if (!answer || typeof answer.documentId !== 'number') {
        void message.error(SafMessages.notSent);
        return;
      }
      void message.success(SafMessages.sent);
      guard.release();
      onClose();
    } catch (err) {
      void message.error(safSendFailureText(err));
    }
  }

  const rows = signatories.data ?? [];

  return (
    <Modal
      open
      title="Site Access Form"
      width={720}
      onCancel={() => void close()}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => void close()}>
          Cancel
        </Button>,
        <Button
          key="send"
          type="primary"
          disabled={!signatories.data || rows.length === 0}
          loading={send.isPending}
          onClick={() => form.submit()}
        >
          Send
        </Button>,
      ]}
    >
      {signatories.isError ? (
        <ErrorState
          title={SafMessages.loadSignatoriesFailed}
          error={signatories.error}
          onRetry={() => void signatories.refetch()}
        />
      ) : !signatories.data ? (
        <LoadingState label="Loading the signatories" rows={3} />
      ) : (
        <Form<Values>
          form={form}
          name={`saf-signatories-${site.id}`}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          onValuesChange={() => setDirty(true)}
          data-testid="saf-signatories"
        >
          <p>The form is sent for signature to each signatory below.</p>
          <Form.List name="signatures">
            {(fields) =>
              fields.map((field) => {
                const s = rows[field.name];
                if (!s) return null;
                const locked = !s.canOverride;
                return (
                  <fieldset key={field.key} className="vp-signatory" data-testid="signatory">
                    <legend>{s.signatory}</legend>
                    <Form.Item
                      label="Name"
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: SafMessages.nameRequired }]}
                      extra={locked ? 'From the MLS roster' : undefined}
                    >
                      <Input
                        readOnly={locked}
                        variant={locked ? 'filled' : undefined}
                        maxLength={120}
                        aria-label={`${s.signatory} name`}
                      />
                    </Form.Item>
                    <Form.Item
                      label="Email"
                      name={[field.name, 'email']}
                      rules={[
                        { required: true, message: SafMessages.emailInvalid },
                        { type: 'email', message: SafMessages.emailInvalid },
                      ]}
                    >
                      <Input
                        type="email"
                        readOnly={locked}
                        variant={locked ? 'filled' : undefined}
                        maxLength={254}
                        aria-label={`${s.signatory} email`}
                      />
                    </Form.Item>
                  </fieldset>
                );
              })
            }
          </Form.List>
        </Form>
      )}
    </Modal>
  );
}
