import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from './audit.ts';
import { WEBHOOK_EVENT_TYPES, webhookTypesOfChange, webhookUrlProblem, WebhookMessages } from './webhooks.ts';

const status = (to: string) => [{ path: ['status'], from: 'Pending Activation', to }];

describe('the webhook events of a History entry', () => {
  it.each([
    ['website.created', [], ['website.created']],
    ['website.updated', [], ['website.changed']],
    ['team.member_added', [], ['website.changed']],
    ['website.status_changed', status('Active'), ['website.status_changed', 'website.activated']],
    ['website.status_changed', status('Inactive'), ['website.status_changed', 'website.terminated']],
    ['website.status_changed', status('Pending Termination'), ['website.status_changed']],
    ['website.deleted', [], ['website.deleted']],
    ['website.domain_change_requested', [], ['request.created']],
    ['website.termination_requested', [], ['request.created']],
    ['website.agent_change_approved', [], ['request.approved']],
    ['website.product_change_declined', [], ['request.declined']],
    ['website.team_change_withdrawn', [], ['request.withdrawn']],
    ['website.termination_withdrawn', [], ['request.withdrawn']],
    ['saf.sent', [], ['saf.sent']],
    ['saf.signed', [], ['saf.signed']],
    ['saf.declined', [], ['saf.declined']],
    ['saf.completed', [], ['saf.completed']],
    ['saf.voided', [], ['saf.voided']],
    ['saf.opened', [], []],
    ['saf.resent', [], []],
    ['document.uploaded', [], []],
    ['document.rejected', [], []],
    ['document.deleted', [], []],
    ['website.compliance_found', [], ['compliance.finding_opened']],
    ['website.compliance_resolved', [], ['compliance.finding_resolved']],
    ['website.compliance_waived', [], []],
    ['website.licence_granted', [], []],
  ])('%s %j raises %j', (kind, changes, types) => {
    expect(webhookTypesOfChange(kind, changes)).toEqual(types);
  });

  it('raises only known event types, for every kind History has', () => {
    for (const kind of AUDIT_KINDS)
      for (const type of webhookTypesOfChange(kind, status('Active')))
        expect(WEBHOOK_EVENT_TYPES).toContain(type);
  });
});

describe('an endpoint address', () => {
  it.each([
    ['', WebhookMessages.urlRequired],
    ['http://hooks.example.com/x', WebhookMessages.urlInvalid],
    ['ftp://hooks.example.com', WebhookMessages.urlInvalid],
    ['hooks.example.com', WebhookMessages.urlInvalid],
    ['https://user:pw@hooks.example.com', WebhookMessages.urlCredentials],
    [`https://h.example.com/${'a'.repeat(600)}`, WebhookMessages.urlTooLong],
    ['https://hooks.example.com/portal?x=1', null],
  ])('%s → %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem);
  });
});
