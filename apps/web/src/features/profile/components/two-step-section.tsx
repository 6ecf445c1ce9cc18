import { FACTOR_LABELS, MfaMessages, PASSKEYS_PER_USER, type Factor, type TotpSetup } from '@vp/contract';
import { Alert, Button, Card, Modal, Space } from 'antd';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { displayDateTime, displayDay } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { passkeysAvailable } from '../../../lib/passkey.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useFactors, useNewRecoveryCodes, useRemoveFactor, useStartTotp } from '../api.ts';
import { ConfirmCanceled } from '../confirm-first.ts';
import { AddAppDialog, AddPasskeyDialog, type Added } from './add-factor-dialogs.tsx';
import { useConfirmFirst } from './confirm-identity.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import './two-step.css';

export const TwoStepSectionTexts = {
  title: 'Two-step sign-in',
  intro:
    'After your password, you give a second proof that it is you: a code from an authenticator app, or a passkey.',
  required: 'Your role requires two-step sign-in.',
  none: 'You have not set up a second step yet.',
  addApp: 'Add authenticator app',
  addPasskey: 'Add passkey',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeEffect: 'You can no longer log in with it.',
  removeLast:
    'You can no longer log in with it. It is your last one, so you log in with your password alone.',
  codesLeft: (n: number) => `Recovery codes: ${n} left`,
  noCodesLeft:
    'You have no recovery codes left. Make new ones, so you can still log in if you lose your phone or passkey.',
  newCodes: 'Make new recovery codes',
  newCodesTitle: 'Make new recovery codes?',
  newCodesEffect: 'Your current recovery codes stop working.',
  newCodesOk: 'Make new codes',
  added: (day: string) => `Added ${day}`,
  lastUsed: (at: string) => `last used ${at}`,
  neverUsed: 'not used yet',
  loading: 'Loading your sign-in methods',
} as const;

type Dialog =
  | { kind: 'app'; setup: TotpSetup }
  | { kind: 'passkey' }
  | { kind: 'codes'; codes: readonly string[]; notice: string }
  | null;

function FactorRow({
  factor,
  locked,
  removing,
  onRemove,
}: {
  factor: Factor;
  locked: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="vp-factor" data-testid="factor">
      <div className="vp-factor-main">
        <span className="vp-factor-name">{factor.name}</span>
        <span className="vp-muted">
          {FACTOR_LABELS[factor.kind]} · {TwoStepSectionTexts.added(displayDay(factor.createdAt))},{' '}
          {factor.lastUsedAt
            ? TwoStepSectionTexts.lastUsed(displayDateTime(factor.lastUsedAt))
            : TwoStepSectionTexts.neverUsed}
        </span>
      </div>
      <Button
        danger
        disabled={locked}
        loading={removing}
        aria-label={`${TwoStepSectionTexts.remove} ${factor.name}`}
        onClick={onRemove}
      >
        {TwoStepSectionTexts.remove}
      </Button>
    </li>
  );
}

/**
 * The user's own sign-in methods on the profile: authenticator app and passkeys, added and removed
 * here, and the recovery codes. Every role manages its own, the read-only one included: they are
 * the account's, not the vendor's data. Each change may first ask the user to confirm it is them.
 */
export function TwoStepSection() {
  const factors = useFactors();
  const data = factors.data;
  const { run, dialog: confirmDialog } = useConfirmFirst((data?.factors.length ?? 0) > 0);
  const startTotp = useStartTotp();
  const remove = useRemoveFactor();
  const newCodes = useNewRecoveryCodes();
  const [dialog, setDialog] = useState<Dialog>(null);

  /** Runs a change; a refusal is said in a toast, and a question the user closed says nothing. */
  async function change<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run(call);
    } catch (err) {
      if (!(err instanceof ConfirmCanceled)) void toast('error', errorMessage(err));
      return undefined;
    }
  }

  async function addApp() {
    const setup = await change(() => startTotp.mutateAsync());
    if (setup) setDialog({ kind: 'app', setup });
  }

  function added(codes: Added) {
    if (codes.length > 0) setDialog({ kind: 'codes', codes, notice: MfaMessages.added });
    else {
      setDialog(null);
      void toastSaved(MfaMessages.added);
    }
  }

  function askRemove(factor: Factor, last: boolean) {
    Modal.confirm({
      title: TwoStepSectionTexts.removeTitle(factor.name),
      content: last ? TwoStepSectionTexts.removeLast : TwoStepSectionTexts.removeEffect,
      okText: TwoStepSectionTexts.remove,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      // Irreversible: the focus starts on the safe choice.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => {
        void change(() => remove.mutateAsync(factor.id)).then((done) => {
          if (done) void toastSaved(done.message);
        });
      },
    });
  }

  function askNewCodes() {
    Modal.confirm({
      title: TwoStepSectionTexts.newCodesTitle,
      content: TwoStepSectionTexts.newCodesEffect,
      okText: TwoStepSectionTexts.newCodesOk,
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => {
        void change(() => newCodes.mutateAsync()).then((done) => {
          if (done)
            setDialog({ kind: 'codes', codes: done.recoveryCodes, notice: MfaMessages.recoveryRegenerated });
        });
      },
    });
  }

  let body;
  if (factors.isPending) body = <LoadingState label={TwoStepSectionTexts.loading} rows={3} />;
  else if (factors.isError)
    body = <ErrorState error={factors.error} onRetry={() => void factors.refetch()} />;
  else {
    const list = factors.data.factors;
    const hasApp = list.some((f) => f.kind === 'totp');
    const passkeys = list.filter((f) => f.kind === 'passkey').length;
    // A role that requires a second step keeps its last one.
    const lastLocked = factors.data.required && list.length === 1;
    const left = factors.data.recoveryCodesLeft;
    body = (
      <>
        <p>{TwoStepSectionTexts.intro}</p>
        {factors.data.required && (
          <Alert type="info" showIcon title={TwoStepSectionTexts.required} style={{ marginBottom: 16 }} />
        )}
        {list.length === 0 ? (
          <p className="vp-muted">{TwoStepSectionTexts.none}</p>
        ) : (
          <ul className="vp-factor-list" aria-label="Your sign-in methods">
            {list.map((f) => (
              <FactorRow
                key={f.id}
                factor={f}
                locked={lastLocked}
                removing={remove.isPending && remove.variables === f.id}
                onRemove={() => askRemove(f, list.length === 1)}
              />
            ))}
          </ul>
        )}
        {lastLocked && <p className="vp-muted">{MfaMessages.lastFactorRequired}</p>}
        <Space wrap>
          {!hasApp && (
            <Button loading={startTotp.isPending} onClick={() => void addApp()}>
              {TwoStepSectionTexts.addApp}
            </Button>
          )}
          {passkeysAvailable() && (
            <Button disabled={passkeys >= PASSKEYS_PER_USER} onClick={() => setDialog({ kind: 'passkey' })}>
              {TwoStepSectionTexts.addPasskey}
            </Button>
          )}
        </Space>
        {passkeys >= PASSKEYS_PER_USER && <p className="vp-muted">{MfaMessages.passkeyLimit}</p>}
        {list.length > 0 && (
          <div className="vp-factor-recovery">
            {left === 0 ? (
              <Alert type="warning" showIcon title={TwoStepSectionTexts.noCodesLeft} />
            ) : (
              <span data-testid="recovery-codes-left">{TwoStepSectionTexts.codesLeft(left)}</span>
            )}
            <Button loading={newCodes.isPending} onClick={askNewCodes}>
              {TwoStepSectionTexts.newCodes}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Card
      className="vp-section vp-two-step"
      title={<h2 className="vp-card-title">{TwoStepSectionTexts.title}</h2>}
      data-testid="two-step-section"
    >
      {body}
      {dialog?.kind === 'app' && (
        <AddAppDialog setup={dialog.setup} onAdded={added} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'passkey' && (
        <AddPasskeyDialog run={run} onAdded={added} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'codes' && (
        <RecoveryCodesDialog codes={dialog.codes} notice={dialog.notice} onClose={() => setDialog(null)} />
      )}
      {confirmDialog}
    </Card>
  );
}
