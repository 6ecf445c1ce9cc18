import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Website } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../config.ts';
import { usePostgres } from '../../../test/helper.ts';
import { freshDomain, setupPortal, type PortalTest } from '../websites/test-fixture.ts';
import { csvRecords, parseCsv } from './csv.ts';
import { importRoster, parseRosterPayload, type InputRecord } from './index.ts';
import { mapMemberStatus } from './status-map.ts';

describe('CSV (RFC 4180)', () => {
  it('reads quoted fields, doubled quotes, CRLF and line breaks inside quotes', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, too","say ""hi"""\r\n"multi\nline",,x\n\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'two, too', 'say "hi"'],
      ['multi\nline', '', 'x'],
    ]);
    expect(csvRecords('MemberKey,MemberStatus\nK1,Active')).toEqual([
      { MemberKey: 'K1', MemberStatus: 'Active' },
    ]);
    expect(() => parseCsv('a,"open')).toThrow();
  });
});

describe('MLS status from RESO MemberStatus', () => {
  it.each([
    ['Active', 'Active'],
    ['active', 'Active'],
    ['Provisional', 'Active'],
    ['Inactive', 'Terminated'],
    ['Terminated', 'Terminated'],
    ['Deceased', 'Terminated'],
    ['Suspended', 'Suspended'],
    ['Q Suspended', 'Q Suspended'],
    ['QSuspended', 'Q Suspended'],
    ['Q_Suspended', 'Q Suspended'],
    ['On Hold', null],
    ['', null],
  ])('%s -> %s', (raw, mapped) => {
    expect(mapMemberStatus(raw)).toBe(mapped);
  });
});

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal();
});
afterAll(async () => t?.close());

const office = (n: number, extra: Record<string, unknown> = {}) => ({
  OfficeKey: `T-OFF-${n}`,
  OfficeMlsId: `TO${n}`,
  OfficeName: `Test Office ${n}`,
  OfficeBrokerMlsId: `TM${n}00`,
  OfficeAOR: 'Test Association',
  ModificationTimestamp: '2026-01-01T00:00:00Z',
  ...extra,
});
const member = (n: number, officeN: number, extra: Record<string, unknown> = {}) => ({
  MemberKey: `T-MEM-${n}`,
  MemberMlsId: `TM${n}`,
  MemberFirstName: 'Test',
  MemberLastName: `Agent${n}`,
  MemberStateLicense: `TL${n}`,
  MemberStatus: 'Active',
  MemberAOR: 'Test Association',
  MemberEmail: `t${n}@example.test`,
  OfficeKey: `T-OFF-${officeN}`,
  ModificationTimestamp: '2026-01-01T00:00:00Z',
  ...extra,
});
const records = (list: Record<string, unknown>[]): InputRecord[] =>
  list.map((data, i) => ({ row: i + 1, data }));

describe('roster import', () => {
  it('adds, then finds everything unchanged on a second import of the same payload', async () => {
    const payload = JSON.stringify({
      value: [office(1), office(2), member(100, 1), member(101, 1), member(200, 2)],
    });
    const first = await importRoster(t.db, parseRosterPayload(payload));
    expect(first).toEqual({
      offices: { added: 2, updated: 0, unchanged: 0 },
      members: { added: 3, updated: 0, unchanged: 0 },
      rejected: [],
    });
    const second = await importRoster(t.db, parseRosterPayload(payload));
    expect(second.offices).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(second.members).toEqual({ added: 0, updated: 0, unchanged: 3 });
    const [n] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM members WHERE member_key LIKE 'T-MEM-%'`,
    );
    expect(n!.n).toBe(3);
  });

  it('reads CSV with the same column names, updating by key', async () => {
    const csv = [
      'MemberKey,MemberMlsId,MemberFirstName,MemberLastName,MemberStateLicense,MemberStatus,MemberAOR,OfficeKey',
      'T-MEM-100,TM100,Test,"Agent100, Jr.",TL100,Active,Test Association,T-OFF-1',
      'T-MEM-101,TM101,Test,Agent101,TL101,Active,Test Association,T-OFF-1',
      'T-MEM-300,TM300,New,Agent300,TL300,Inactive,Test Association,T-OFF-2',
    ].join('\r\n');
    const report = await importRoster(t.db, parseRosterPayload(csv, 'members.csv'));
    expect(report.members).toEqual({ added: 1, updated: 2, unchanged: 0 });
    const [row] = await t.rows<{ member_last_name: string; member_email: string | null }>(
      sql`SELECT member_last_name, member_email FROM members WHERE member_key = 'T-MEM-100'`,
    );
    expect(row!.member_last_name).toBe('Agent100, Jr.');
    const [added] = await t.rows<{ member_status: string; office_mls_id: string }>(
      sql`SELECT member_status, office_mls_id FROM members WHERE member_key = 'T-MEM-300'`,
    );
    expect(added).toEqual({ member_status: 'Terminated', office_mls_id: 'TO2' });
  });

  it('reports each rejected row with its reason and keeps the good ones', async () => {
    const report = await importRoster(
      t.db,
      records([
        member(400, 1),
        { ...member(401, 1), MemberKey: '' },
        member(402, 99),
        member(403, 1, { MemberStatus: 'On Hold' }),
        member(404, 1, { MemberMlsId: 'TM100' }),
        { Foo: 'bar' },
        office(3, { OfficeName: '' }),
        member(405, 1, { ModificationTimestamp: 'yesterday' }),
        member(406, 1, { MemberLastName: 'First' }),
        member(406, 1, { MemberLastName: 'Second' }),
      ]),
    );
    expect(report.members).toEqual({ added: 2, updated: 0, unchanged: 0 });
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [2, 'missing MemberKey'],
      [3, "unknown office 'T-OFF-99'"],
      [4, "unknown MemberStatus 'On Hold'"],
      [5, "MemberMlsId 'TM100' belongs to another record (key 'T-MEM-100')"],
      [6, 'not a Member or Office record (no MemberKey or OfficeKey)'],
      [7, 'missing OfficeName'],
      [8, "bad ModificationTimestamp 'yesterday'"],
      [9, "duplicate MemberKey 'T-MEM-406' (row 10 replaces it)"],
    ]);
    const [last] = await t.rows<{ member_last_name: string }>(
      sql`SELECT member_last_name FROM members WHERE member_key = 'T-MEM-406'`,
    );
    expect(last!.member_last_name).toBe('Second');
  });

  it('marks a reciprocal roster when told', async () => {
    await importRoster(t.db, records([member(500, 1, { MemberAOR: 'Other Board' })]), { reciprocal: true });
    const res = await t.call(t.tokens.demo, 'GET', '/api/searchrecipagent/TM500');
    expect(res.json()[0]).toMatchObject({ memberNumber: 'TM500', memberAOR: 'Other Board' });
  });
});

describe('a roster change shows on every website of the agent', () => {
  it('MLS status, name and office follow the roster, in reads, sorts and searches', async () => {
    await importRoster(t.db, records([member(600, 1)]));
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.call(t.tokens.demo, 'POST', '/api/portal/websites', {
        domainName: freshDomain('roster'),
        memberNumber: 'TM600',
        products: [1],
      });
      ids.push(res.json().id);
    }
    const before = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${ids[0]}`)).json() as Website;
    expect(before.mlsStatus).toBe('Active');

    const report = await importRoster(
      t.db,
      records([
        office(1, { OfficeName: 'Renamed Office' }),
        member(600, 1, { MemberStatus: 'Suspended', MemberLastName: 'Zebrafield' }),
      ]),
    );
    expect(report.members.updated).toBe(1);
    for (const id of ids) {
      const site = (await t.call(t.tokens.demo, 'GET', `/api/portal/websites/${id}`)).json() as Website;
      expect(site).toMatchObject({
        mlsStatus: 'Suspended',
        lastName: 'Zebrafield',
        licensee: 'Test Zebrafield',
        office: 'Renamed Office',
      });
    }
    const found = (await t.call(t.tokens.demo, 'GET', '/api/portal/websites?search=zebrafield')).json();
    expect(found.items.map((s: Website) => s.rowKey).sort()).toEqual([...ids].sort());
    const byOffice = (
      await t.call(t.tokens.demo, 'GET', '/api/portal/websites?search=renamed%20office')
    ).json();
    expect(byOffice.total).toBe(2);
    const sorted = (
      await t.call(t.tokens.demo, 'GET', '/api/portal/websites?sort=mlsStatus&order=asc&pageSize=500')
    ).json();
    const statuses = sorted.items.map((s: Website) => s.mlsStatus);
    expect(statuses).toEqual([...statuses].sort());
  });
});

describe('npm run roster:import', () => {
  it('imports a file into the configured database and reports counts and rejections', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-roster-'));
    try {
      const file = path.join(dir, 'roster.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ value: [office(7), member(700, 7), member(701, 7, { MemberStatus: 'Nope' })] }),
      );
      const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir, LOG_LEVEL: 'silent' };
      if (usePostgres && t.database.kind === 'postgres') env.DATABASE_URL = t.database.url;
      else {
        env.DATA_DIR = path.join(dir, 'data');
        delete env.DATABASE_URL;
      }
      const run = () =>
        spawnSync(
          process.execPath,
          [
            path.join(SERVER_ROOT, '../../node_modules/tsx/dist/cli.mjs'),
            'src/cli/roster-import.ts',
            'roster.json',
          ],
          {
            cwd: SERVER_ROOT,
            env,
            encoding: 'utf8',
            timeout: 120_000,
          },
        );
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain(
        'roster.json: members added 1, updated 0, unchanged 0; offices added 1, updated 0, unchanged 0; rejected 1',
      );
      expect(first.stdout).toContain("row 3 (T-MEM-701): unknown MemberStatus 'Nope'");
      const second = run();
      expect(second.stdout).toContain(
        'members added 0, updated 0, unchanged 1; offices added 0, updated 0, unchanged 1; rejected 1',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
