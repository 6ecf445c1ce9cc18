import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { COMPLIANCE_RULE_LABELS, type ComplianceRuleKind } from '@vp/contract';
import { Button, Input, InputNumber, Select, Slider } from 'antd';
import { fieldKey, type DraftRule, type FieldErrors } from '../draft.ts';
import { TRYABLE } from '../try-it.ts';
import { Field } from './field.tsx';
import { TryItBox } from './try-it-box.tsx';

/** What each kind of rule asks of a site, as the editor explains it. */
export const KIND_HELP: Record<ComplianceRuleKind, string> = {
  answers: 'The site’s home page must answer, over HTTPS.',
  requiredText:
    'The home page must show this text, such as the MLS’s disclaimer. Case, spacing and punctuation never count.',
  freshness:
    'The home page must say when its listing data was last updated (for example “Data last updated 06/05/2026 3:00 PM”), and that must be recent enough.',
  attribution:
    'Each listing page read must name the listing firm. Listing pages are found in the site’s sitemap.xml, or at the paths below when it has none.',
  mlsNotice:
    'The home page must show the MLS’s notice or logo: this text, or an image whose alt text or file name holds it.',
  forbidden: 'The home page must show none of these.',
  licensee: 'The home page must name the licensed agent or broker, as the licence names them.',
};

const PLACEHOLDER_NOTE =
  'Write a placeholder in braces, such as {date} or {year}, where each site fills in its own words: it matches whatever the site wrote there.';
const PATTERN_NOTE = '* stands for any words between. Case, spacing and punctuation never count.';

/** A time zone as minutes east of UTC, written UTC+hh:mm. */
function zoneLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const ZONES = Array.from({ length: (840 + 720) / 15 + 1 }, (_, i) => -720 + i * 15).map((m) => ({
  value: m,
  label: zoneLabel(m),
}));

export function RuleCard({
  rule,
  index,
  count,
  errors,
  onChange,
  onRemove,
  onMove,
}: {
  rule: DraftRule;
  index: number;
  count: number;
  /** The errors to show, by field key. */
  errors: FieldErrors;
  /** The rule as edited, and the field that changed. */
  onChange: (next: DraftRule, field: string) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const label = COMPLIANCE_RULE_LABELS[rule.kind];
  const name = `rule ${index + 1}, ${label}`;
  const headingId = `rule-${rule.key}-heading`;
  const id = (field: string) => `rule-${rule.key}-${field}`;
  const error = (field: string) => errors[fieldKey(rule, field)];

  let fields = null;
  switch (rule.kind) {
    case 'requiredText':
      fields = (
        <>
          <Field
            id={id('template')}
            label="Text the site must show"
            help={PLACEHOLDER_NOTE}
            error={error('template')}
          >
            {(control) => (
              <Input.TextArea
                {...control}
                value={rule.template}
                maxLength={5000}
                autoSize={{ minRows: 3, maxRows: 10 }}
                onChange={(e) => onChange({ ...rule, template: e.target.value }, 'template')}
              />
            )}
          </Field>
          <Field
            id={id('threshold')}
            label={`Similarity needed: ${Math.round(rule.threshold * 100)}%`}
            help="How much of the text, in order, the page must show. Below 100% allows for a few words a site changed."
            error={error('threshold')}
          >
            {(control) => (
              <Slider
                id={control.id}
                className="vp-rules-slider"
                min={0.5}
                max={1}
                step={0.01}
                value={rule.threshold}
                marks={{ 0.5: '50%', 0.75: '75%', 1: '100%' }}
                tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
                ariaLabelForHandle="Similarity needed"
                ariaValueTextFormatterForHandle={(v) => `${Math.round(v * 100)}%`}
                onChange={(v) => onChange({ ...rule, threshold: v }, 'threshold')}
              />
            )}
          </Field>
        </>
      );
      break;
    case 'freshness':
      fields = (
        <div className="vp-rules-pair">
          <Field
            id={id('maxHours')}
            label="Hours at most since the data was updated"
            help="1 to 720."
            error={error('maxHours')}
          >
            {(control) => (
              <InputNumber
                {...control}
                min={1}
                max={720}
                precision={0}
                value={rule.maxHours}
                onChange={(v) => onChange({ ...rule, maxHours: v }, 'maxHours')}
              />
            )}
          </Field>
          <Field
            id={id('offsetMinutes')}
            label="Time zone of a time stated without one"
            help="The MLS’s own, usually."
            error={error('offsetMinutes')}
          >
            {(control) => (
              <Select
                {...control}
                className="vp-rules-zone"
                showSearch={{ optionFilterProp: 'label' }}
                options={ZONES}
                value={rule.offsetMinutes}
                onChange={(v: number) => onChange({ ...rule, offsetMinutes: v }, 'offsetMinutes')}
              />
            )}
          </Field>
        </div>
      );
      break;
    case 'attribution':
      fields = (
        <>
          <Field
            id={id('pattern')}
            label="How a listing page names its firm"
            help="* stands for the firm’s name. Case, spacing and punctuation never count."
            error={error('pattern')}
          >
            {(control) => (
              <Input
                {...control}
                value={rule.pattern}
                maxLength={200}
                onChange={(e) => onChange({ ...rule, pattern: e.target.value }, 'pattern')}
              />
            )}
          </Field>
          <Field
            id={id('paths')}
            label="Listing paths, when the site has no sitemap.xml"
            help="One a line, each starting with /, such as /listing/123. Up to 20."
            error={error('paths')}
          >
            {(control) => (
              <Input.TextArea
                {...control}
                value={rule.paths}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder="/listing/123"
                onChange={(e) => onChange({ ...rule, paths: e.target.value }, 'paths')}
              />
            )}
          </Field>
          <Field
            id={id('sample')}
            label="Listing pages read per check"
            help="1 to 10."
            error={error('sample')}
          >
            {(control) => (
              <InputNumber
                {...control}
                min={1}
                max={10}
                precision={0}
                value={rule.sample}
                onChange={(v) => onChange({ ...rule, sample: v }, 'sample')}
              />
            )}
          </Field>
        </>
      );
      break;
    case 'mlsNotice':
      fields = (
        <Field
          id={id('pattern')}
          label="Notice or logo to look for"
          help={PATTERN_NOTE}
          error={error('pattern')}
        >
          {(control) => (
            <Input
              {...control}
              value={rule.pattern}
              maxLength={200}
              onChange={(e) => onChange({ ...rule, pattern: e.target.value }, 'pattern')}
            />
          )}
        </Field>
      );
      break;
    case 'forbidden':
      fields = (
        <Field
          id={id('patterns')}
          label="Forbidden content"
          help={`One pattern a line. ${PATTERN_NOTE}`}
          error={error('patterns')}
        >
          {(control) => (
            <Input.TextArea
              {...control}
              value={rule.patterns}
              autoSize={{ minRows: 2, maxRows: 8 }}
              onChange={(e) => onChange({ ...rule, patterns: e.target.value }, 'patterns')}
            />
          )}
        </Field>
      );
      break;
  }

  return (
    <section className="vp-rules-rule" aria-labelledby={headingId} data-testid="rule">
      <div className="vp-rules-rule-head">
        <h3 id={headingId} className="vp-rules-rule-title" tabIndex={-1}>
          <span className="vp-rules-rule-number">{index + 1}.</span> {label}
        </h3>
        <span className="vp-rules-rule-actions">
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined aria-hidden="true" />}
            id={`rule-${rule.key}-up`}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined aria-hidden="true" />}
            id={`rule-${rule.key}-down`}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          />
        </span>
      </div>
      <p className="vp-muted vp-rules-rule-help">{KIND_HELP[rule.kind]}</p>
      {fields}
      <Field id={id('id')} label="Rule id" error={error('id')}>
        {(control) => (
          <Input
            {...control}
            className="vp-rules-id"
            value={rule.id}
            maxLength={40}
            onChange={(e) => onChange({ ...rule, id: e.target.value }, 'id')}
          />
        )}
      </Field>
      {TRYABLE.includes(rule.kind) && <TryItBox rule={rule} label={label} />}
    </section>
  );
}
