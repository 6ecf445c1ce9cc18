import type { Db } from '../../db/client.ts';
import type { Acting } from '../../platform/actor.ts';
import { noticeText, type NoticeBatch } from '../notifications/index.ts';

/** The notification of a change to a site, for the vendor's users, in the transaction of the change. */
export function siteChanged(
  notices: NoticeBatch,
  tx: Db,
  vendorId: number,
  site: { id: number; domainName: string },
  actor: Acting,
  action: 'created' | 'modified' | 'deleted',
  detail?: string,
): Promise<void> {
  const topic = (
    { created: 'websites.create', modified: 'websites.modify', deleted: 'websites.delete' } as const
  )[action];
  return notices.add(tx, {
    vendorId,
    websiteId: site.id,
    topic,
    content: noticeText.website(action, site.domainName, actor, detail),
    actor,
  });
}
