import {
  USER_STATUS_LABELS,
  VENDOR_STATUS_LABELS,
  type BadgeTone,
  type InvitationState,
  type UserStatus,
  type VendorStatus,
} from '@vp/contract';

/** Status marks of the console, coloured by the tones the colour-blind schemes restyle. */
export function ToneBadge({ tone, text, testId }: { tone: BadgeTone; text: string; testId?: string }) {
  return (
    <span className={`vp-console-badge vp-tone-${tone}`} data-tone={tone} data-testid={testId}>
      {text}
    </span>
  );
}

const VENDOR_TONE: Record<VendorStatus, BadgeTone> = { active: 'success', suspended: 'danger' };
const USER_TONE: Record<UserStatus, BadgeTone> = {
  active: 'success',
  invited: 'info',
  deactivated: 'danger',
};

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <ToneBadge tone={VENDOR_TONE[status]} text={VENDOR_STATUS_LABELS[status]} testId="vendor-status" />;
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <ToneBadge tone={USER_TONE[status]} text={USER_STATUS_LABELS[status]} testId="user-status" />;
}

export const INVITATION_LABELS: Record<InvitationState, string> = {
  pending: 'Invitation pending',
  expired: 'Invitation expired',
  revoked: 'Invitation revoked',
};

const INVITATION_TONE: Record<InvitationState, BadgeTone> = {
  pending: 'info',
  expired: 'warning',
  revoked: 'warning',
};

export function InvitationBadge({ state }: { state: InvitationState }) {
  return (
    <ToneBadge tone={INVITATION_TONE[state]} text={INVITATION_LABELS[state]} testId="invitation-state" />
  );
}
