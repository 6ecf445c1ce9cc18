import { describe, expect, it } from 'vitest';
import { signedCountText, signerStateText, signerWithRole, type SignerState } from './signatures.ts';

describe('signerWithRole', () => {
  it.each([
    ['Ashley Adams', 'Agent', 'Ashley Adams (Agent)'],
    ['Jo Lee', 'Broker', 'Jo Lee (Broker)'],
    ['Jo Lee', 'Broker (Bayside Premier Realty)', 'Jo Lee (Broker, Bayside Premier Realty)'],
    ['Jo Lee', 'Broker (Smith (East) Realty)', 'Jo Lee (Broker, Smith (East) Realty)'],
    ['  Jo Lee ', ' Broker ', 'Jo Lee (Broker)'],
    ['', 'Broker (Bayside Premier Realty)', 'Broker, Bayside Premier Realty'],
  ])('%s as %s reads %s', (name, signatory, expected) => {
    expect(signerWithRole(name, signatory)).toBe(expected);
  });
});

describe('signerStateText', () => {
  it.each<[SignerState, string | null, string]>([
    ['waiting', null, 'Waiting to sign'],
    ['opened', null, 'Opened, not signed yet'],
    ['signed', null, 'Signed'],
    ['declined', null, 'Declined'],
    ['not-needed', 'Jo Lee', 'Not needed: declined by Jo Lee'],
    ['not-needed', null, 'Not needed'],
  ])('%s (declined by %s) reads %s', (state, declinedBy, expected) => {
    expect(signerStateText({ state, declinedBy })).toBe(expected);
  });
});

describe('signedCountText', () => {
  it.each<[SignerState[], string]>([
    [['signed', 'signed', 'waiting'], '2 of 3 signed'],
    [['waiting', 'opened'], '0 of 2 signed'],
    [['signed', 'declined', 'not-needed'], '1 of 3 signed'],
    [[], '0 of 0 signed'],
  ])('%j reads %s', (states, expected) => {
    expect(signedCountText(states.map((state) => ({ state })))).toBe(expected);
  });
});
