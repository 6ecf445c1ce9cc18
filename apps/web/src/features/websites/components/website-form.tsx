import {
  TEAM_PRODUCT_ID,
  TeamMessages,
  WebsiteMessages,
  WebsiteServerMessages,
  isSafSigned,
  isValidDomain,
  safStandingText,
  pendingRequestBlock,
  type Role,
  type SafStanding,
  type SiteStatus,
  type Website,
  type WebsiteRequestKind,
} from '@vp/contract';
import { Button, Checkbox, Col, Form, Input, Row, Select, Tag, type FormInstance } from 'antd';
import { DateField } from '../../../components/date-field.tsx';
import { AgentBrokerTable, agentRows, AgentSearch, EMPTY_PICK, type AgentPick } from '../../agents/index.ts';
import { useProducts } from '../api.ts';
import {
  DISPLAY_DATE,
  dateBoundError,
  dateLimits,
  datesError,
  datesOnStatusChange,
  fieldStates,
  wireDate,
  type WebsiteFormValues,
} from '../website-form-state.ts';

/** An example host, as the Domain field expects it (the spec's placeholder '{host}' stands for one). */
export const DOMAIN_PLACEHOLDER = 'www.example.com';

/** The one line a read-only user sees above the greyed-out form. */
export const READ_ONLY_NOTE = 'Read-only: your role can view this website but not change it.';

interface Props {
  form: FormInstance<WebsiteFormValues>;
  /** The form's name, which prefixes its field ids: unique on the page, so each label finds its own field. */
  name: string;
  initialValues: WebsiteFormValues;
  site: Website | null;
  /** Where the saved site stands with its Site Access Form (from the site's own answer). */
  saf: SafStanding | null;
  /** The site's requests waiting for MLS staff: no second one of a kind is offered meanwhile. */
  pendingRequests?: readonly { kind: WebsiteRequestKind }[];
  role: Role | null;
  readOnly: boolean;
  reciprocalAllowed: boolean;
  saveEnabled: boolean;
  saving: boolean;
  deleting: boolean;
  onSave: () => void;
  onDelete: () => void;
  onDomainChange: () => void;
  onAgentChange: () => void;
  onProductChange: () => void;
  onRequestTermination: () => void;
  onWithdrawTermination: () => void;
  withdrawing: boolean;
  onAgentInfo: (memberNumber: string) => void;
  /** A Site Access Form type is set up, so the SAF button may show. */
  safTypeExists: boolean;
  onSaf: () => void;
  safBusy: boolean;
}

const SAF_TAG_COLOR: Record<SafStanding['state'], string> = {
  'not-sent': 'default',
  'out-for-signature': 'processing',
  declined: 'error',
  signed: 'success',
};

/** A form value kept without a control (nothing to see, nothing to focus). */
function KeptValue(_: { checked?: boolean }) {
  return null;
}

/**
 * The hint under a field a licensed site changes by request: one sentence with the request as its
 * link, disabled (and saying why) while a request of that kind is pending.
 */
function RequestHint(props: {
  testId: string;
  text: string;
  request: string;
  onRequest: () => void;
  blocked: string | null;
  blockedId: string;
}) {
  return (
    <span data-testid={`${props.testId}-lock-hint`}>
      {props.text}{' '}
      <Button
        type="link"
        className="vp-inline-link"
        onClick={props.onRequest}
        disabled={props.blocked !== null}
        aria-describedby={props.blocked ? props.blockedId : undefined}
      >
        {props.request}
      </Button>
      .
      {props.blocked && (
        <>
          {' '}
          <span id={props.blockedId} data-testid={`${props.testId}-change-pending`}>
            {props.blocked}
          </span>
        </>
      )}
    </span>
  );
}

/** Agent Search: 'Please enter agent information.' when empty, 'Please select an agent' when typed but not picked. */
function validateAgent(_: unknown, pick: AgentPick | undefined): Promise<void> {
  if (pick?.agent) return Promise.resolve();
  if (!pick || !pick.text.trim()) return Promise.reject(new Error(WebsiteMessages.agentInfoRequired));
  return Promise.reject(new Error(WebsiteMessages.agentRequired));
}

function validateDomain(_: unknown, v: unknown): Promise<void> {
  if (typeof v !== 'string') return Promise.reject(new Error(WebsiteMessages.domainInvalid));
  if (!v.trim()) return Promise.resolve();
  return isValidDomain(v) ? Promise.resolve() : Promise.reject(new Error(WebsiteMessages.domainInvalid));
}

/** The Website tab (spec §2, §4, §5): every lock comes from the contract's rules via fieldStates. */
export function WebsiteForm(props: Props) {
  const { form, initialValues, site, role, readOnly, reciprocalAllowed } = props;
  const products = useProducts();
  // The watch re-renders on a status change, but its value trails a fill of the whole form by a
  // render; the store's own value is current, so a loaded site never shows its agent unlocked by the
  // create defaults for a moment.
  const watchedStatus = Form.useWatch('status', form);
  const chosenStatus: SiteStatus =
    watchedStatus === undefined
      ? initialValues.status
      : ((form.getFieldValue('status') as SiteStatus | undefined) ?? watchedStatus);
  const reciprocal = Form.useWatch('reciprocal', form) ?? false;
  const pick = Form.useWatch('agent', form) as AgentPick | undefined;
  const saved = site?.status ?? null;
  const standing = {
    activated: site?.activated ?? false,
    safSigned: props.saf !== null && isSafSigned(props.saf),
  };
  const states = fieldStates(saved, chosenStatus, role, standing, props.safTypeExists);
  const creating = site === null;
  const startDate = (Form.useWatch('startDate', form) as WebsiteFormValues['startDate'] | undefined) ?? null;
  const termDate = (Form.useWatch('termDate', form) as WebsiteFormValues['termDate'] | undefined) ?? null;
  const limits = dateLimits(chosenStatus, startDate, termDate);

  /** The date rules hold once the status or a date is changed; saved dates left alone stay as they are. */
  const validateDates = (): Promise<void> => {
    const v = form.getFieldsValue(['status', 'startDate', 'termDate']) as WebsiteFormValues;
    const untouched =
      !creating &&
      v.status === initialValues.status &&
      wireDate(v.startDate) === wireDate(initialValues.startDate) &&
      wireDate(v.termDate) === wireDate(initialValues.termDate);
    const message = dateBoundError('termDate', v.termDate) ?? (untouched ? null : datesError(v));
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  };
  const validateStartDate = (_: unknown, v: WebsiteFormValues['startDate'] | undefined): Promise<void> => {
    const message = dateBoundError('startDate', v);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  };

  // Why MLS staff cannot pick Active yet, while the selector is open to them.
  const activeReason =
    role === 'admin' && !readOnly && !states.statusLocked
      ? (states.statusOptions.find((o) => o.value === 'Active' && o.disabled)?.reason ?? null)
      : null;

  const picked = pick?.agent ?? null;
  const rows = agentRows(picked, picked?.broker);
  // Why a request cannot be sent now (one of its kind is pending), said beside its disabled button.
  const domainBlocked = pendingRequestBlock('domain', props.pendingRequests);
  const agentBlocked = pendingRequestBlock('agent', props.pendingRequests);
  const domainBlockedId = `${props.name}-domain-change-pending`;
  const agentBlockedId = `${props.name}-agent-change-pending`;
  const productBlocked = pendingRequestBlock('product', props.pendingRequests);
  const productBlockedId = `${props.name}-product-change-pending`;

  return (
    <Form<WebsiteFormValues>
      form={form}
      name={props.name}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      // Nothing is required of a user who cannot change anything.
      requiredMark={!readOnly}
      data-testid="website-form"
      className="vp-website-form"
      onValuesChange={(changed: Partial<WebsiteFormValues>) => {
        if (changed.status) form.setFieldsValue(datesOnStatusChange(saved, changed.status));
      }}
    >
      {readOnly && (
        <p className="vp-read-only-note" role="note">
          {READ_ONLY_NOTE}
        </p>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Domain"
            name="domainName"
            required
            extra={
              states.domainLocked ? (
                states.domainChange && !readOnly ? (
                  // One sentence, with the request as its link.
                  <span data-testid="domain-hint">
                    To change the domain, send the MLS Data Licensing Department a{' '}
                    <Button
                      type="link"
                      size="small"
                      className="vp-inline-link"
                      onClick={props.onDomainChange}
                      disabled={domainBlocked !== null}
                      aria-describedby={domainBlocked ? domainBlockedId : undefined}
                    >
                      Domain Change Request
                    </Button>
                    .
                    {domainBlocked && (
                      <>
                        {' '}
                        <span id={domainBlockedId} data-testid="domain-change-pending">
                          {domainBlocked}
                        </span>
                      </>
                    )}
                  </span>
                ) : (
                  <span data-testid="domain-hint">{WebsiteMessages.domainLockedHint}</span>
                )
              ) : undefined
            }
            rules={[
              { required: true, whitespace: true, message: WebsiteMessages.domainRequired },
              { validator: validateDomain },
            ]}
          >
            <Input
              placeholder={DOMAIN_PLACEHOLDER}
              autoComplete="off"
              disabled={readOnly || states.domainLocked}
              aria-label="Domain"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Agent Search"
            name="agent"
            required
            // Checked when the box is left (or on Save), not at each letter: a search being typed
            // is not yet wrong. A change clears what an earlier check said.
            validateTrigger={['onChange', 'onBlur']}
            rules={[{ validator: validateAgent, validateTrigger: 'onBlur' }]}
            extra={
              creating || readOnly || !states.agentLocked ? undefined : states.agentChange ? (
                <RequestHint
                  testId="agent"
                  text={WebsiteServerMessages.agentLockedUse}
                  request="Agent Change Request"
                  onRequest={props.onAgentChange}
                  blocked={agentBlocked}
                  blockedId={agentBlockedId}
                />
              ) : (
                <span data-testid="agent-lock-hint">{WebsiteServerMessages.agentFixed}</span>
              )
            }
          >
            <AgentSearch
              reciprocal={reciprocal}
              placeholder={TeamMessages.searchPlaceholder}
              aria-label="Agent Search"
              disabled={readOnly || states.agentLocked}
            />
          </Form.Item>
          {reciprocalAllowed && !states.agentLocked ? (
            <Form.Item name="reciprocal" valuePropName="checked" style={{ marginTop: -12 }}>
              <Checkbox onChange={() => form.setFieldValue('agent', EMPTY_PICK)}>Reciprocal Search</Checkbox>
            </Form.Item>
          ) : (
            // Kept in the form's values while not shown, so a reciprocal agent's site is not taken
            // for changed (and saved as non-reciprocal) the moment it opens.
            <Form.Item name="reciprocal" valuePropName="checked" hidden>
              <KeptValue />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Billable Status"
            name="status"
            extra={
              states.terminationRequest ? (
                <Button type="link" className="vp-inline-link" onClick={props.onRequestTermination}>
                  {WebsiteMessages.requestTermination}
                </Button>
              ) : states.terminationWithdraw ? (
                <Button
                  type="link"
                  className="vp-inline-link"
                  onClick={props.onWithdrawTermination}
                  loading={props.withdrawing}
                >
                  {WebsiteMessages.withdrawTermination}
                </Button>
              ) : activeReason ? (
                // Said under the field too: a tooltip reaches neither touch nor the keyboard.
                <span data-testid="status-reason">{activeReason}</span>
              ) : undefined
            }
          >
            <Select
              aria-label="Billable Status"
              data-testid="status-select"
              disabled={readOnly || states.statusLocked}
              options={states.statusOptions.map(({ reason, ...o }) => ({ ...o, title: reason ?? o.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="Start Date" name="startDate" rules={[{ validator: validateStartDate }]}>
            <DateField
              field="startDate"
              disabledDate={limits.startDisabled}
              whyRefused={(d) => datesError({ status: chosenStatus, startDate: d, termDate })}
              format={DISPLAY_DATE}
              placeholder={DISPLAY_DATE}
              style={{ width: '100%' }}
              aria-label="Start Date"
              disabled={readOnly || !states.startDateEditable}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label="Term Date"
            name="termDate"
            dependencies={['status', 'startDate']}
            rules={[{ validator: validateDates }]}
          >
            <DateField
              field="termDate"
              disabledDate={limits.termDisabled}
              whyRefused={(d) => datesError({ status: chosenStatus, startDate, termDate: d })}
              format={DISPLAY_DATE}
              placeholder={DISPLAY_DATE}
              style={{ width: '100%' }}
              aria-label="Term Date"
              disabled={readOnly || !states.termDateEditable}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Product"
            name="product"
            required
            rules={[{ required: true, message: WebsiteMessages.productRequired }]}
            extra={
              !states.productLocked ||
              !states.productChange ||
              readOnly ? undefined : site?.products.includes(TEAM_PRODUCT_ID) ? (
                // A team site stays one: its product changes only with a new licensing round.
                <span data-testid="product-lock-hint">{WebsiteMessages.productTeamFixed}</span>
              ) : (
                <RequestHint
                  testId="product"
                  text={WebsiteMessages.productLockedUse}
                  request="Product Change Request"
                  onRequest={props.onProductChange}
                  blocked={productBlocked}
                  blockedId={productBlockedId}
                />
              )
            }
          >
            <Select
              disabled={readOnly || states.productLocked}
              aria-label="Product"
              placeholder="Select a product"
              loading={products.isLoading}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              // Until the products are in, the saved product has no name to show: not its id.
              labelRender={({ label }) =>
                label ?? (products.isPending ? <span aria-busy="true">Loading…</span> : null)
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="DBA" name="dba">
            <Input maxLength={200} autoComplete="off" aria-label="DBA" />
          </Form.Item>
        </Col>
      </Row>

      <AgentBrokerTable
        rows={rows}
        reciprocal={reciprocal || !!site?.reciprocal}
        onInfo={picked ? () => props.onAgentInfo(picked.memberNumber) : undefined}
        onChange={!creating && states.agentChange ? props.onAgentChange : undefined}
        changeBlocked={agentBlocked}
      />

      {site && props.saf && site.status !== 'Inactive' && (
        <p className="vp-saf-standing" data-testid="saf-standing">
          Site Access Form:{' '}
          <Tag
            color={props.saf.outOfDate?.length ? 'warning' : SAF_TAG_COLOR[props.saf.state]}
            variant="outlined"
            // A standing, not a control: it keeps its colour when the form is read-only.
            disabled={false}
          >
            {safStandingText(props.saf, site.status)}
          </Tag>
        </p>
      )}
      {site && props.saf?.outOfDate?.length ? (
        <ul className="vp-saf-out-of-date" data-testid="saf-out-of-date">
          {props.saf.outOfDate.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}

      {!readOnly && (
        <div className="vp-form-actions">
          <Button type="primary" onClick={props.onSave} disabled={!props.saveEnabled} loading={props.saving}>
            Save
          </Button>
          {states.deleteVisible && (
            <Button danger onClick={props.onDelete} loading={props.deleting}>
              Delete
            </Button>
          )}
          {states.saf !== 'hidden' && (
            <Button disabled={states.saf === 'disabled'} loading={props.safBusy} onClick={props.onSaf}>
              SAF
            </Button>
          )}
        </div>
      )}
    </Form>
  );
}
