import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ApiKeyMessages as M,
  PrimitiveMessages,
  createApiKeySchema,
  expiryProblem,
  rangeProblem,
  type ApiKeyScope,
  type IssuedApiKey,
} from '@vp/contract';
import type { Rule } from 'antd/es/form';
import { Checkbox, Form, Input, Modal, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { DateField } from '../../../components/date-field.tsx';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateApiKey } from '../api.ts';
import { todayUtc } from '../key-format.ts';

const DISPLAY_DATE = 'MM/DD/YYYY';
const WIRE_DATE = 'YYYY-MM-DD';
/** A new key's expiry unless the user picks another: about a quarter ahead. */
const DEFAULT_DAYS = 90;
const DEFAULT_SCOPES: ApiKeyScope[] = ['read'];

export const CreateTexts = {
  title: 'Create API key',
  ok: 'Create key',
  fields: {
    name: 'Name',
    scopes: 'Scopes',
    expiresOn: 'Expires on',
    allowedRanges: 'Allowed addresses',
  },
  nameHint: 'Say what uses it, e.g. "Listing sync".',
  expiresHint: 'The last day the key works.',
  rangesHint: 'Leave empty to allow any address.',
  rangesPlaceholder: '203.0.113.0/24',
} as const;

interface Values {
  name: string;
  scopes: ApiKeyScope[];
  expiresOn: Dayjs | null;
  allowedRanges: string[];
}

/** The contract's rule for one field, with its message, as an antd rule. */
function schemaRule(field: 'name' | 'scopes' | 'allowedRanges', empty: unknown): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = createApiKeySchema.shape[field].safeParse(value ?? empty);
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
    },
  };
}

/**
 * The scopes to tick, a group named by its label. A form control: antd's Form.Item hands it `id`,
 * `value`, `onChange` and the aria attributes of its message; `aria-required`, which a group may not
 * carry, is left out (the label's mark says it).
 */
function ScopePicker({
  id,
  value,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: ApiKeyScope[];
  onChange?: (next: ApiKeyScope[]) => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}) {
  return (
    <div
      id={id}
      role="group"
      aria-label={CreateTexts.fields.scopes}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      {/* The group above is the one a screen reader names; this one only keeps the ticks. */}
      <Checkbox.Group<ApiKeyScope>
        role="none"
        className="vp-api-key-scopes"
        value={value}
        onChange={onChange}
      >
        {API_KEY_SCOPES.map((s) => (
          <Checkbox key={s} value={s}>
            <span className="vp-api-key-scope-label">{API_KEY_SCOPE_LABELS[s].label}</span>
            <span className="vp-api-key-scope-description">{API_KEY_SCOPE_LABELS[s].description}</span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}

const sameScopes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/**
 * Create a key: its name, scopes, last day and the addresses it may be used from, each checked
 * with the contract's rule as it changes. The secret the server answers goes to `onCreated`.
 */
export function CreateKeyDialog({
  onCreated,
  onClose,
}: {
  onCreated: (issued: IssuedApiKey) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();
  const [today] = useState(todayUtc);
  const [initial] = useState<Values>(() => ({
    name: '',
    scopes: DEFAULT_SCOPES,
    expiresOn: dayjs(today).add(DEFAULT_DAYS, 'day'),
    allowedRanges: [],
  }));
  // Why a typed day was refused: the picker then holds none, and the field keeps saying why.
  const refusedDay = useRef<string | null>(null);

  const values = Form.useWatch((v: Values) => v, form) as Values | undefined;
  const dirty =
    values !== undefined &&
    ((values.name ?? '').trim() !== '' ||
      !sameScopes(values.scopes ?? [], initial.scopes) ||
      values.expiresOn?.format(WIRE_DATE) !== initial.expiresOn?.format(WIRE_DATE) ||
      (values.allowedRanges ?? []).length > 0);
  const guard = useUnsavedChanges(dirty);

  const problemOf = (day: Dayjs) => expiryProblem(day.format(WIRE_DATE), today);

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      const issued = await create.mutateAsync({
        name: v.name.trim(),
        scopes: API_KEY_SCOPES.filter((s) => v.scopes.includes(s)),
        expiresOn: v.expiresOn!.format(WIRE_DATE),
        allowedRanges: v.allowedRanges.map((r) => r.trim()),
      });
      guard.release();
      onCreated(issued);
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          name: [M.nameRequired, M.nameTooLong, M.nameTaken],
          scopes: [M.scopesRequired],
          expiresOn: [M.expiryPast, M.expiryTooFar],
          allowedRanges: [M.rangeInvalid, M.rangesTooMany],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Modal
      open
      title={CreateTexts.title}
      okText={CreateTexts.ok}
      cancelText="Cancel"
      onOk={() => void submit()}
      onCancel={() => void cancel()}
      okButtonProps={{ disabled: !dirty }}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<Values> form={form} name="create-api-key" layout="vertical" initialValues={initial} requiredMark>
        <Form.Item
          label={CreateTexts.fields.name}
          name="name"
          required
          extra={CreateTexts.nameHint}
          rules={[schemaRule('name', '')]}
        >
          <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item
          label={CreateTexts.fields.scopes}
          name="scopes"
          required
          rules={[schemaRule('scopes', [])]}
        >
          <ScopePicker />
        </Form.Item>
        <Form.Item
          label={CreateTexts.fields.expiresOn}
          name="expiresOn"
          required
          extra={CreateTexts.expiresHint}
          rules={[
            {
              validator: async (_rule, value: Dayjs | null) => {
                if (!value) throw new Error(refusedDay.current ?? PrimitiveMessages.dateInvalid);
                refusedDay.current = null;
                const problem = problemOf(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <DateField
            field="expiresOn"
            format={DISPLAY_DATE}
            placeholder={DISPLAY_DATE}
            allowClear={false}
            disabledDate={(d) => problemOf(d) !== null}
            whyRefused={(d) => (refusedDay.current = problemOf(d))}
            clearRefused
          />
        </Form.Item>
        <Form.Item
          label={CreateTexts.fields.allowedRanges}
          name="allowedRanges"
          extra={CreateTexts.rangesHint}
          rules={[schemaRule('allowedRanges', [])]}
        >
          <Select<string[]>
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder={CreateTexts.rangesPlaceholder}
            tagRender={({ value, label, closable, onClose }) => (
              <Tag
                color={rangeProblem(String(value)) ? 'error' : undefined}
                closable={closable}
                onClose={onClose}
                onMouseDown={(e) => e.preventDefault()}
                className="vp-api-key-range"
              >
                {label}
              </Tag>
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
