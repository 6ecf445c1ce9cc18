import {
  REQUEST_PENDING_MESSAGES,
  WebsiteMessages,
  WebsiteServerMessages,
  type AgentChangeRequest,
} from '@vp/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { recordChange } from '../history/index.ts';
import type { NoticeBatch } from '../notifications/index.ts';
import { siteChanged } from './notices.ts';
import { requireWebsite } from './queries.ts';
import { hasPendingRequest, insertRequest, type RequestRow } from './request-queries.ts';
import { licensableAgent } from './rules.ts';

/** A site asks the MLS for another agent (and so broker); the agent stays until the request is approved. */
export async function requestAgentChange(
  db: Db,
  vendorId: number,
  actor: Actor,
  id: number,
  input: AgentChangeRequest,
  notices: NoticeBatch,
): Promise<RequestRow> {
  const fail = `${WebsiteMessages.agentChangeFailed}: `;
  return db.transaction(async (tx) => {
    const site = await requireWebsite(tx, vendorId, id, true);
    if (site.status === 'Inactive')
      throw new BadRequestError(fail + WebsiteServerMessages.agentChangeInactive);
    const agent = await licensableAgent(tx, vendorId, input.memberNumber, fail);
    if (agent.member_mls_id === site.memberNumber)
      throw new BadRequestError(fail + WebsiteServerMessages.agentChangeSame);
    if (await hasPendingRequest(tx, site.id, 'agent'))
      throw new ConflictError(fail + REQUEST_PENDING_MESSAGES.agent);
    const request = await insertRequest(tx, site, actor, 'agent', {
      memberNumber: agent.member_mls_id,
      reciprocal: agent.reciprocal,
      reason: input.reason,
    });
    await recordChange(tx, {
      websiteId: site.id,
      vendorId,
      kind: 'website.agent_change_requested',
      description: 'Agent change requested',
      actor,
      changes: [
        { path: ['memberNumber'], from: site.memberNumber, to: agent.member_mls_id },
        ...(input.reason ? [{ path: ['reason'], from: null, to: input.reason }] : []),
      ],
    });
    await siteChanged(notices, tx, vendorId, site, actor, 'modified', 'Agent change requested');
    return request;
  });
}
