import type { MlsStatus } from '@vp/contract';

/**
 * RESO MemberStatus values (and the spellings MLS systems use beside them) mapped to the spec's MLS
 * statuses. Anything else is refused by the import rather than guessed.
 */
export function mapMemberStatus(raw: string): MlsStatus | null {
  const v = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (v === '') return null;
  if (/^q ?susp/.test(v) || v === 'quick suspended') return 'Q Suspended';
  if (v === 'active' || v === 'provisional' || v === 'active provisional') return 'Active';
  if (
    [
      'inactive',
      'terminated',
      'expired',
      'deceased',
      'retired',
      'resigned',
      'cancelled',
      'canceled',
    ].includes(v)
  )
    return 'Terminated';
  if (v === 'suspended' || v === 'suspension') return 'Suspended';
  return null;
}
