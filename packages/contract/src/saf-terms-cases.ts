import type { SafTerms, SignatureChange } from './saf-terms.ts';

/**
 * The rule of which changes need a new signature, case by case: the contract's table test and the
 * server's test of SQL saf_covers both read it, so the two definitions cannot drift apart.
 */
const base: SafTerms = { agent: 'A1', offices: { O1: 'B1' }, products: [1] };
const team: SafTerms = { agent: 'A1', offices: { O1: 'B1', O2: 'B2' }, products: [2] };

export const SAF_COVER_CASES: {
  name: string;
  signed: SafTerms;
  now: SafTerms;
  changes: SignatureChange['kind'][];
}[] = [
  { name: 'nothing changed', signed: base, now: base, changes: [] },
  { name: 'a new agent', signed: base, now: { ...base, agent: 'A2' }, changes: ['agent'] },
  {
    name: 'a new agent of the same office',
    signed: base,
    now: { ...base, agent: 'A2', offices: { O1: 'B1' } },
    changes: ['agent'],
  },
  { name: 'IDX Website to VOW Website', signed: base, now: { ...base, products: [3] }, changes: ['product'] },
  { name: 'a product added', signed: base, now: { ...base, products: [1, 3] }, changes: ['product'] },
  { name: 'a product dropped', signed: { ...base, products: [1, 3] }, now: base, changes: [] },
  {
    name: 'a team member from an office already on the form',
    signed: team,
    now: { ...team, offices: { O1: 'B1', O2: 'B2' } },
    changes: [],
  },
  {
    name: 'a team member from an office whose broker has not signed',
    signed: team,
    now: { ...team, offices: { ...team.offices, O3: 'B3' } },
    changes: ['office'],
  },
  {
    name: 'an office of the team with a new broker',
    signed: team,
    now: { ...team, offices: { O1: 'B1', O2: 'B9' } },
    changes: ['broker'],
  },
  {
    name: 'a team member removed with their office',
    signed: team,
    now: { ...team, offices: { O1: 'B1' } },
    changes: [],
  },
  {
    name: 'a new agent, a new office and another product at once',
    signed: base,
    now: { agent: 'A2', offices: { O3: 'B3' }, products: [3] },
    changes: ['product', 'agent', 'office'],
  },
  {
    name: 'an agent without an office',
    signed: { ...base, offices: {} },
    now: { ...base, offices: {} },
    changes: [],
  },
];
