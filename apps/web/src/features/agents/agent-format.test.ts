import { describe, expect, it } from 'vitest';
import { agentRows } from './agent-format.ts';

const agent = {
  firstName: 'Ashley',
  lastName: 'Adams',
  memberNumber: '3000181',
  mlsId: '10000181',
  licenseNumber: 'SL3100181',
  office: 'Bayside Premier Realty',
  status: 'Active',
};
const broker = {
  firstName: 'Jo',
  lastName: 'Lee',
  licenseNumber: 'BK3100170',
  office: 'Bayside Premier Realty',
  memberNumber: '3000170',
  mlsId: '10000170',
  status: 'Suspended',
};

describe('agentRows', () => {
  it("shows the broker's MLS status", () => {
    const [, row] = agentRows(agent, broker);
    expect(row).toMatchObject({ role: 'Broker', name: 'Jo Lee', status: 'Suspended', mlsId: '10000170' });
  });

  it('reads N/A where nothing is known', () => {
    const [a, b] = agentRows(null, null);
    expect(a!.status).toBe('N/A');
    expect(b!.status).toBe('N/A');
  });
});
