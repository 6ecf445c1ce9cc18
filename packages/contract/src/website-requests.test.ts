import { describe, expect, it } from 'vitest';
import {
  REQUEST_PENDING_MESSAGES,
  WEBSITE_REQUEST_KINDS,
  isWithdrawableRequest,
  pendingRequestBlock,
  type WebsiteRequestKind,
} from './website-requests.ts';

describe('a request waits alone: none of a kind is sent while one of that kind is pending', () => {
  const cases: [WebsiteRequestKind, WebsiteRequestKind[] | undefined, string | null][] = [
    ['domain', undefined, null],
    ['domain', [], null],
    ['domain', ['agent', 'termination'], null],
    ['domain', ['domain'], 'A domain change is already pending.'],
    ['agent', [], null],
    ['agent', ['domain'], null],
    ['agent', ['termination', 'agent'], 'An agent change is already pending.'],
    ['termination', ['domain', 'agent'], null],
    ['termination', ['termination'], 'A termination is already pending.'],
  ];
  it.each(cases)('%s with %j pending: %s', (kind, pending, expected) => {
    expect(
      pendingRequestBlock(
        kind,
        pending?.map((k) => ({ kind: k })),
      ),
    ).toBe(expected);
  });
  it('every kind has its sentence', () => {
    for (const kind of WEBSITE_REQUEST_KINDS) expect(REQUEST_PENDING_MESSAGES[kind]).toMatch(/pending\.$/);
  });
});

describe('withdrawable requests', () => {
  it.each([
    ['domain', true],
    ['agent', true],
    ['termination', false],
  ] as const)('%s: %s', (kind, expected) => {
    expect(isWithdrawableRequest(kind)).toBe(expected);
  });
});
