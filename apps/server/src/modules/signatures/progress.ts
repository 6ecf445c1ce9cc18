import { signerWithRole, type Role } from '@vp/contract';
import type { Db } from '../../db/client.ts';
import { noticeText, type NoticeBatch } from '../notifications/index.ts';
import { siteLabel, type SignerRow } from './queries.ts';

/** The vendor's users hear of each step of a Site Access Form, in the transaction that records it. */

type Step = 'sent' | 'signed' | 'declined' | 'completed' | 'voided';

/** Who took the step: a user of the portal, or a signer (no account). */
export type StepBy = { userId: number | null; username: string; role: Role | null };

export const signerBy = (s: SignerRow): StepBy => ({
  userId: null,
  username: signerWithRole(s.name, s.signatory),
  role: null,
});

export async function formProgress(
  notices: NoticeBatch,
  tx: Db,
  request: { vendorId: number; websiteId: number },
  step: Step,
  by: StepBy | null,
): Promise<void> {
  const site = await siteLabel(tx, request.websiteId);
  await notices.add(tx, {
    vendorId: request.vendorId,
    websiteId: request.websiteId,
    topic: 'forms.progress',
    content: noticeText.form(step, site?.domainName ?? `website ${request.websiteId}`, by ?? undefined),
    actor: by ?? { userId: null, username: '' },
  });
}
