import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMPLIANCE_RULE_KINDS,
  COMPLIANCE_RULE_LABELS,
  ComplianceMessages,
  ComplianceRuleSetMessages,
  type ComplianceRuleKind,
  type ProductRuleSet,
} from '@vp/contract';
import { Alert, Button, Drawer, Dropdown, Form, InputNumber } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIsWide } from '../../../hooks/use-is-wide.ts';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSaveRuleSet } from '../api.ts';
import {
  checkDraft,
  newRule,
  serverFieldError,
  SINGLE_KINDS,
  toDraft,
  toInput,
  type Draft,
  type DraftRule,
  type FieldErrors,
} from '../draft.ts';
import { Field } from './field.tsx';
import { RuleCard } from './rule-card.tsx';
import { VersionHistory } from './version-history.tsx';

const DRAWER_WIDTH = 720;
const MAX_RULES = 30;

const same = (a: Draft, b: Draft) => JSON.stringify(toInput(a, 0)) === JSON.stringify(toInput(b, 0));

/**
 * A product's rule set in the editor: grace days and the rules, each kind with its own fields and
 * a "Try it" box, checked with the contract's schema. A save is a new version; a save made from a
 * version someone else has since replaced is refused, and the newer one can be loaded.
 */
export function RuleSetEditor({ productSet, onClose }: { productSet: ProductRuleSet; onClose: () => void }) {
  const wide = useIsWide();
  const save = useSaveRuleSet();
  // The version the edits started from; the product's latest (productSet) may move on meanwhile.
  const [base, setBase] = useState(productSet.current);
  const initial = useMemo(() => toDraft(base), [base]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ key: string; by: -1 | 1 } | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const baseVersion = base?.version ?? 0;
  const dirty = !same(draft, initial);
  const guard = useUnsavedChanges(dirty);
  const checked = checkDraft(draft, baseVersion);
  const shown: FieldErrors = { ...serverErrors };
  // A field's message shows once it was edited (or a save tried); an id used twice, on both at once.
  if (!checked.ok)
    for (const [field, message] of Object.entries(checked.errors))
      if (submitted || touched.has(field) || message === ComplianceMessages.duplicateRule)
        shown[field] ??= message;

  // A rule just added (or moved into place after a removal) takes the focus, by its heading.
  useEffect(() => {
    if (!focusKey) return;
    const heading = document.getElementById(`rule-${focusKey}-heading`);
    heading?.focus();
    heading?.scrollIntoView?.({ block: 'nearest' });
    setFocusKey(null);
  }, [focusKey]);

  // A moved rule's button keeps the focus (moving its element may have taken it), or, at the end of
  // the list where it is disabled, the other one; the rule's new number is in their names.
  useEffect(() => {
    if (!moved) return;
    const same = document.getElementById(`rule-${moved.key}-${moved.by < 0 ? 'up' : 'down'}`);
    const other = document.getElementById(`rule-${moved.key}-${moved.by < 0 ? 'down' : 'up'}`);
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
    setMoved(null);
  }, [moved]);

  function edit(next: Draft, field?: string) {
    setDraft(next);
    if (field) setTouched((t) => new Set(t).add(field));
    setServerErrors({});
    setRefusal(null);
  }

  function changeRule(index: number, rule: DraftRule, field: string) {
    edit({ ...draft, rules: draft.rules.map((r, i) => (i === index ? rule : r)) }, `${rule.key}.${field}`);
  }

  function addRule(kind: ComplianceRuleKind) {
    const rule = newRule(
      kind,
      draft.rules.map((r) => r.id),
    );
    edit({ ...draft, rules: [...draft.rules, rule] });
    setFocusKey(rule.key);
  }

  function removeRule(index: number) {
    const rules = draft.rules.filter((_, i) => i !== index);
    edit({ ...draft, rules });
    const next = rules[Math.min(index, rules.length - 1)];
    if (next) setFocusKey(next.key);
    else addButton.current?.focus();
  }

  function moveRule(index: number, by: -1 | 1) {
    const rules = [...draft.rules];
    const [rule] = rules.splice(index, 1);
    rules.splice(index + by, 0, rule!);
    edit({ ...draft, rules });
    setMoved({ key: rule!.key, by });
  }

  async function close() {
    if (await guard.confirmLeave(!same(draft, initial))) onClose();
  }

  /** Starts again from the version that is current now, leaving these edits. */
  function loadLatest() {
    setBase(productSet.current);
    setDraft(toDraft(productSet.current));
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
    setRefusal(null);
    setStale(null);
  }

  async function submit() {
    setSubmitted(true);
    if (!checked.ok) {
      // The first refused field takes the focus, once its message is on the page.
      window.setTimeout(() => {
        body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }, 0);
      return;
    }
    try {
      const saved = await save.mutateAsync({ productId: productSet.productId, input: checked.input });
      guard.release();
      void toastSaved(ComplianceRuleSetMessages.saved(saved.current?.version ?? baseVersion + 1));
      onClose();
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof ApiError && err.status === 409) {
        setStale(message);
        return;
      }
      const onField = err instanceof ApiError && err.status === 400 ? serverFieldError(draft, message) : null;
      if (onField) setServerErrors(onField);
      else setRefusal(message);
      void toast('error', message);
    }
  }

  const latestVersion = productSet.current?.version ?? 0;
  const kinds = COMPLIANCE_RULE_KINDS.map((kind) => ({
    key: kind,
    label: COMPLIANCE_RULE_LABELS[kind],
    disabled: SINGLE_KINDS.includes(kind) && draft.rules.some((r) => r.kind === kind),
  }));

  return (
    <Drawer
      open
      title={`Compliance rules: ${productSet.productName}`}
      size={wide ? DRAWER_WIDTH : '100%'}
      onClose={() => void close()}
      destroyOnHidden
      data-testid="rule-set-editor"
      footer={
        <div className="vp-rules-footer">
          <span className="vp-muted vp-rules-footer-note">
            {base ? `Editing version ${base.version}` : 'No rules yet'}
          </span>
          <Button onClick={() => void close()}>Cancel</Button>
          <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit()}>
            Save
          </Button>
        </div>
      }
    >
      <div ref={body} className="vp-rules-editor">
        {stale && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            className="vp-rules-alert"
            title={stale}
            description="Loading it replaces your changes here."
            action={
              <Button size="small" disabled={latestVersion === baseVersion} onClick={loadLatest}>
                {latestVersion > 0 ? `Load version ${latestVersion}` : 'Load the current rules'}
              </Button>
            }
          />
        )}
        {refusal && <Alert type="error" showIcon role="alert" className="vp-rules-alert" title={refusal} />}
        <Form layout="vertical" component="div" className="vp-rules-form">
          <Field
            id="rule-set-grace-days"
            label="Grace days"
            help="Days a vendor has to fix a failure before it is overdue: 1 to 90."
            error={shown.graceDays}
          >
            {(control) => (
              <InputNumber
                {...control}
                min={1}
                max={90}
                precision={0}
                value={draft.graceDays}
                onChange={(v) => edit({ ...draft, graceDays: v }, 'graceDays')}
              />
            )}
          </Field>
          <section aria-labelledby="rule-set-rules">
            <h2 id="rule-set-rules" className="vp-rules-section-title">
              Rules
            </h2>
            <p className="vp-muted">
              Every licensed website with this product is checked against these rules once a day, in this
              order. A site that fails one has a finding to fix within the grace days. Findings follow a rule
              from version to version by its id: lower-case letters, digits and dashes.
            </p>
            {draft.rules.length === 0 && (
              <p className="vp-rules-none" data-testid="no-rules">
                No rules yet. Add the first with Add a rule.
              </p>
            )}
            {draft.rules.map((rule, i) => (
              <RuleCard
                key={rule.key}
                rule={rule}
                index={i}
                count={draft.rules.length}
                errors={shown}
                onChange={(next, field) => changeRule(i, next, field)}
                onRemove={() => removeRule(i)}
                onMove={(by) => moveRule(i, by)}
              />
            ))}
            {shown.rules && (
              <div className="vp-rules-list-error" role="alert" id="rule-set-rules-error">
                {shown.rules}
              </div>
            )}
            <Dropdown
              trigger={['click']}
              // Opened from the keyboard, the menu takes the focus, so the arrow keys choose a kind.
              autoFocus
              disabled={draft.rules.length >= MAX_RULES}
              menu={{ items: kinds, onClick: ({ key }) => addRule(key as ComplianceRuleKind) }}
            >
              <Button ref={addButton} icon={<PlusOutlined aria-hidden="true" />}>
                Add a rule <DownOutlined aria-hidden="true" />
              </Button>
            </Dropdown>
          </section>
        </Form>
        <VersionHistory productId={productSet.productId} />
      </div>
    </Drawer>
  );
}
