import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COMPLIANCE_RULE_LABELS,
  ComplianceMessages,
  ComplianceRuleSetMessages,
  type ComplianceRule,
  type ProductRuleSet,
  type RuleSetVersion,
} from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiscardTexts } from '../../../components/discard-confirm.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi, type Answer } from '../../../testing/fake-api.tsx';
import ComplianceRulesPage from './compliance-rules-page.tsx';

beforeEach(() => {
  setToken('t');
  setAccount(['admin'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const DISCLAIMER = 'Listing data courtesy of Summit MLS. Updated {date}.';

const idxRules: ComplianceRule[] = [
  { id: 'answers', kind: 'answers' },
  { id: 'disclaimer', kind: 'requiredText', template: DISCLAIMER, threshold: 0.9 },
  { id: 'idx-notice', kind: 'mlsNotice', pattern: 'Internet Data Exchange' },
];

function set(
  productId: number,
  productName: string,
  version: number | null,
  rules = idxRules,
): ProductRuleSet {
  return {
    productId,
    productName,
    current:
      version === null
        ? null
        : {
            id: productId * 100 + version,
            version,
            rules,
            graceDays: 7,
            createdAt: '2026-06-01T15:30:00.000Z',
            createdBy: 'Alex Admin',
          },
  };
}

interface Server {
  sets: ProductRuleSet[];
  /** The next save's answer instead of saving, once. */
  refuse?: Answer;
  /** A save someone else makes just before this one arrives. */
  racedBy?: ComplianceRule[];
}

function serve(server: Server) {
  /** The product's versions, newest first: the current one as it is, older ones made up. */
  const versions = (productId: number): RuleSetVersion[] => {
    const current = server.sets.find((s) => s.productId === productId)?.current;
    if (!current) return [];
    const older = Array.from({ length: current.version - 1 }, (_, i) => ({
      version: current.version - 1 - i,
      createdAt: '2026-05-01T10:00:00.000Z',
      createdBy: 'Sam Staff',
      ruleCount: 2,
      graceDays: 7,
    }));
    const { version, createdAt, createdBy, rules, graceDays } = current;
    return [{ version, createdAt, createdBy, ruleCount: rules.length, graceDays }, ...older];
  };
  const saveAs = (productId: number, rules: ComplianceRule[], graceDays: number) => {
    const i = server.sets.findIndex((s) => s.productId === productId);
    const before = server.sets[i]!;
    server.sets[i] = {
      ...before,
      current: {
        id: 900 + (before.current?.version ?? 0),
        version: (before.current?.version ?? 0) + 1,
        rules,
        graceDays,
        createdAt: '2026-06-05T12:00:00.000Z',
        createdBy: 'Alex Admin',
      },
    };
    return server.sets[i];
  };
  return serveApi((method, path, body) => {
    if (method === 'GET' && path === '/admin/compliance/rule-sets') return { body: server.sets };
    const versionsPath = /^\/admin\/compliance\/rule-sets\/(\d+)\/versions$/.exec(path);
    if (method === 'GET' && versionsPath) return { body: versions(Number(versionsPath[1])) };
    const savePath = /^\/admin\/compliance\/rule-sets\/(\d+)$/.exec(path);
    if (method === 'PUT' && savePath) {
      const productId = Number(savePath[1]);
      const input = body as { rules: ComplianceRule[]; graceDays: number; baseVersion: number };
      if (server.racedBy) {
        saveAs(productId, server.racedBy, 7);
        server.racedBy = undefined;
      }
      const current = server.sets.find((s) => s.productId === productId)?.current?.version ?? 0;
      if (input.baseVersion !== current) {
        const message = ComplianceRuleSetMessages.stale(current);
        return { status: 409, body: { code: 409, message } };
      }
      if (server.refuse) {
        const answer = server.refuse;
        server.refuse = undefined;
        return answer;
      }
      return { body: saveAs(productId, input.rules, input.graceDays) };
    }
    return undefined;
  });
}

const editor = () => screen.getByTestId('rule-set-editor');

async function openEditor(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return within(await screen.findByTestId('rule-set-editor'));
}

async function addRule(label: string) {
  const before = within(editor()).queryAllByTestId('rule').length;
  fireEvent.click(within(editor()).getByRole('button', { name: /Add a rule/ }));
  const item = await screen.findByRole('menuitem', { name: label });
  fireEvent.click(item);
  // The new rule is in the list, at its end, named by its kind.
  await waitFor(() => {
    const rules = within(editor()).getAllByTestId('rule');
    expect(rules).toHaveLength(before + 1);
    expect(rules[before]!.textContent).toContain(label);
  });
}

/** The rule section of the editor whose heading names it. */
function rule(n: number): HTMLElement {
  return within(editor()).getAllByTestId('rule')[n - 1]!;
}

const noticeTexts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('Compliance rules page', () => {
  it('lists each product with its current version, and offers set-up where there is none', async () => {
    serve({ sets: [set(1, 'IDX Website', 3), set(2, 'VOW Website', null)] });
    renderWithClient(<ComplianceRulesPage />);
    const table = await screen.findByTestId('rule-sets-table');
    const idx = within(table).getByText('IDX Website').closest('tr')!;
    expect(within(idx).getByText('Version 3')).toBeTruthy();
    expect(within(idx).getByText(/by Alex Admin/)).toBeTruthy();
    expect(within(idx).getByRole('button', { name: 'Edit rules: IDX Website' })).toBeTruthy();
    const cells = [...idx.querySelectorAll('td')].map((c) => c.textContent);
    // Rules, then grace days.
    expect(cells).toContain('3');
    expect(cells).toContain('7');
    const vow = within(table).getByText('VOW Website').closest('tr')!;
    expect(within(vow).getByText('No rules set up yet')).toBeTruthy();
    expect(within(vow).getByRole('button', { name: 'Set up rules: VOW Website' })).toBeTruthy();
  });

  it('sets up rules of every kind, each with its own fields, and saves them as version 1', async () => {
    const server: Server = { sets: [set(1, 'IDX Website', 3), set(2, 'VOW Website', null)] };
    const { calls } = serve(server);
    renderWithClient(<ComplianceRulesPage />);
    const drawer = await openEditor('Set up rules: VOW Website');
    expect(drawer.getByTestId('no-rules')).toBeTruthy();
    expect(await drawer.findByText('No version saved yet.')).toBeTruthy();

    await addRule(COMPLIANCE_RULE_LABELS.answers);
    await addRule(COMPLIANCE_RULE_LABELS.requiredText);
    fireEvent.change(within(rule(2)).getByLabelText('Text the site must show'), {
      target: { value: DISCLAIMER },
    });
    expect(within(rule(2)).getByText(/Write a placeholder in braces/)).toBeTruthy();
    const slider = within(rule(2)).getByRole('slider', { name: 'Similarity needed' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft', keyCode: 37, which: 37 });
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('0.89'));

    await addRule(COMPLIANCE_RULE_LABELS.freshness);
    fireEvent.change(within(rule(3)).getByLabelText('Hours at most since the data was updated'), {
      target: { value: '24' },
    });

    await addRule(COMPLIANCE_RULE_LABELS.attribution);
    fireEvent.change(within(rule(4)).getByLabelText('Listing paths, when the site has no sitemap.xml'), {
      target: { value: '/listing/1\n\n/listing/2' },
    });
    fireEvent.change(within(rule(4)).getByLabelText('Listing pages read per check'), {
      target: { value: '2' },
    });

    await addRule(COMPLIANCE_RULE_LABELS.mlsNotice);
    fireEvent.change(within(rule(5)).getByLabelText('Notice or logo to look for'), {
      target: { value: 'Summit MLS' },
    });

    await addRule(COMPLIANCE_RULE_LABELS.forbidden);
    fireEvent.change(within(rule(6)).getByLabelText('Forbidden content'), {
      target: { value: 'buyer agent compensation\nshowing instructions' },
    });

    await addRule(COMPLIANCE_RULE_LABELS.licensee);
    // A kind with nothing to set is offered once.
    fireEvent.click(drawer.getByRole('button', { name: /Add a rule/ }));
    const licensee = await screen.findByRole('menuitem', { name: COMPLIANCE_RULE_LABELS.licensee });
    expect(licensee.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(licensee, { key: 'Escape' });

    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/admin/compliance/rule-sets/2',
      body: {
        graceDays: 7,
        baseVersion: 0,
        rules: [
          { id: 'answers', kind: 'answers' },
          { id: 'required-text', kind: 'requiredText', template: DISCLAIMER, threshold: 0.89 },
          { id: 'fresh', kind: 'freshness', maxHours: 24, offsetMinutes: 0 },
          {
            id: 'attribution',
            kind: 'attribution',
            paths: ['/listing/1', '/listing/2'],
            sample: 2,
            pattern: 'listing courtesy of *',
          },
          { id: 'mls-notice', kind: 'mlsNotice', pattern: 'Summit MLS' },
          {
            id: 'forbidden',
            kind: 'forbidden',
            patterns: ['buyer agent compensation', 'showing instructions'],
          },
          { id: 'licensee', kind: 'licensee' },
        ],
      },
    });
    await waitFor(() => expect(noticeTexts()).toContain(ComplianceRuleSetMessages.saved(1)));
    await waitFor(() => expect(screen.queryByTestId('rule-set-editor')).toBeNull());
    const vow = (await screen.findByText('VOW Website')).closest('tr')!;
    await waitFor(() => expect(within(vow).getByText('Version 1')).toBeTruthy());
    expect(within(vow).getByRole('button', { name: 'Edit rules: VOW Website' })).toBeTruthy();
  });

  it('shows the contract’s messages on the fields, and holds the save until they are fixed', async () => {
    const { calls } = serve({ sets: [set(1, 'IDX Website', 3)] });
    renderWithClient(<ComplianceRulesPage />);
    const drawer = await openEditor('Edit rules: IDX Website');
    const template = within(rule(2)).getByLabelText('Text the site must show');
    fireEvent.change(template, { target: { value: '   ' } });
    expect(
      await within(rule(2)).findByText(ComplianceMessages.templateRequired, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(template.getAttribute('aria-invalid')).toBe('true');
    expect(template.getAttribute('aria-describedby')).toContain(`${template.id}-error`);

    // A rule id used twice is refused on both.
    fireEvent.change(within(rule(3)).getByLabelText('Rule id'), { target: { value: 'answers' } });
    expect(
      await within(rule(1)).findByText(ComplianceMessages.duplicateRule, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(rule(3)).getByText(ComplianceMessages.duplicateRule)).toBeTruthy();

    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(within(rule(1)).getByLabelText('Rule id')), {
      timeout: 5000,
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('places a refusal of the server on the field it is about', async () => {
    const server: Server = {
      sets: [set(1, 'IDX Website', 3)],
      refuse: { status: 400, body: { code: 400, message: ComplianceMessages.graceDays } },
    };
    serve(server);
    renderWithClient(<ComplianceRulesPage />);
    const drawer = await openEditor('Edit rules: IDX Website');
    fireEvent.change(drawer.getByLabelText('Grace days'), { target: { value: '30' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    const grace = drawer.getByLabelText('Grace days');
    await waitFor(() => expect(grace.getAttribute('aria-invalid')).toBe('true'));
    expect(await drawer.findByText(ComplianceMessages.graceDays)).toBeTruthy();
    expect(screen.getByTestId('rule-set-editor')).toBeTruthy();
  });

  it('tries a rule on pasted text with the contract’s own matching', async () => {
    serve({ sets: [set(1, 'IDX Website', 3)] });
    renderWithClient(<ComplianceRulesPage />);
    await openEditor('Edit rules: IDX Website');

    const notice = within(rule(3));
    fireEvent.click(notice.getByRole('button', { name: `Try it: ${COMPLIANCE_RULE_LABELS.mlsNotice}` }));
    const text = notice.getByLabelText('Text from a page');
    fireEvent.change(text, { target: { value: 'Part of the INTERNET data-exchange program.' } });
    await waitFor(() => expect(notice.getByTestId('try-result').textContent).toMatch(/^Match/));
    expect(notice.getByTestId('try-result').textContent).toContain('internet data exchange');
    fireEvent.change(text, { target: { value: 'Homes by the lake.' } });
    await waitFor(() => expect(notice.getByTestId('try-result').textContent).toMatch(/^No match/));
    // The rule as edited is the one tried.
    fireEvent.change(notice.getByLabelText('Notice or logo to look for'), { target: { value: 'by the *' } });
    await waitFor(() => expect(notice.getByTestId('try-result').textContent).toMatch(/^Match/));

    const required = within(rule(2));
    fireEvent.click(required.getByRole('button', { name: /^Try it/ }));
    fireEvent.change(required.getByLabelText('Text from a page'), {
      target: { value: 'Listing data courtesy of Summit MLS. Updated June 5, 2026.' },
    });
    await waitFor(() =>
      expect(required.getByTestId('try-result').textContent).toMatch(/^Match.*100% of the text found/),
    );
  });

  it('refuses a save made from a version someone has since replaced, and loads theirs', async () => {
    const server: Server = {
      sets: [set(1, 'IDX Website', 3)],
      racedBy: [{ id: 'licensee', kind: 'licensee' }],
    };
    const { calls } = serve(server);
    renderWithClient(<ComplianceRulesPage />);
    const drawer = await openEditor('Edit rules: IDX Website');
    expect(drawer.getByText('Editing version 3')).toBeTruthy();
    expect(await drawer.findByTestId('rule-set-versions')).toBeTruthy();
    fireEvent.change(drawer.getByLabelText('Grace days'), { target: { value: '14' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));

    const alert = await drawer.findByRole('alert');
    expect(alert.textContent).toContain(ComplianceRuleSetMessages.stale(4));
    expect((calls.find((c) => c.method === 'PUT')?.body as { baseVersion: number }).baseVersion).toBe(3);
    // The edits stay until staff load the newer version.
    expect((drawer.getByLabelText('Grace days') as HTMLInputElement).value).toBe('14');
    const load = await within(alert).findByRole('button', { name: 'Load version 4' });
    await waitFor(() => expect((load as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(load);
    await waitFor(() => expect(drawer.getByText('Editing version 4')).toBeTruthy());
    expect(drawer.getAllByTestId('rule')).toHaveLength(1);
    expect((drawer.getByLabelText('Grace days') as HTMLInputElement).value).toBe('7');
    // The history has the newer version at its top.
    await waitFor(() =>
      expect(
        within(drawer.getByTestId('rule-set-versions')).getAllByRole('listitem')[0]!.textContent,
      ).toMatch(/^Version 4 \(current\)/),
    );
  });

  it('asks before closing with unsaved edits, and hands focus back to its button', async () => {
    serve({ sets: [set(1, 'IDX Website', 3)] });
    renderWithClient(<ComplianceRulesPage />);
    const edit = await screen.findByRole('button', { name: 'Edit rules: IDX Website' });
    edit.focus();
    fireEvent.click(edit);
    const drawer = within(await screen.findByTestId('rule-set-editor'));
    fireEvent.click(within(rule(1)).getByRole('button', { name: /^Move rule 1.* down$/ }));
    expect(within(rule(1)).getByText(COMPLIANCE_RULE_LABELS.requiredText)).toBeTruthy();
    // The moved rule's button keeps the focus, named for its new place.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        `Move rule 2, ${COMPLIANCE_RULE_LABELS.answers} down`,
      ),
    );
    fireEvent.click(drawer.getByRole('button', { name: 'Cancel' }));
    const dialog = await waitFor(() => {
      const title = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
        (t) => t.textContent === DiscardTexts.title,
      );
      expect(title).toBeTruthy();
      return title!.closest<HTMLElement>('.ant-modal-confirm')!;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: DiscardTexts.ok }));
    await waitFor(() => expect(screen.queryByTestId('rule-set-editor')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit rules: IDX Website' })),
    );
  });
});
