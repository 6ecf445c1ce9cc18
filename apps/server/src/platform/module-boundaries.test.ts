import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../config.ts';

/**
 * The lint rules that keep server modules meeting only through their index.ts, and PDF and picture
 * work on the signing flow's thread.
 */

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it("refuses a module importing another module's files", async () => {
    for (const source of [
      "import { teamOf } from '../teams/queries.ts';\nexport { teamOf };\n",
      "import { requireWebsite } from '../websites/queries.ts';\nexport { requireWebsite };\n",
      "import { x } from '../../modules/agents/service.ts';\nexport { x };\n",
    ]) {
      expect(await refusals('apps/server/src/modules/history/probe.ts', source), source).toHaveLength(1);
    }
  }, 60_000);

  it('allows index.ts, the own module, and the platform', async () => {
    const source = [
      "import { requireWebsite } from '../websites/index.ts';",
      "import { recordChange } from './service.ts';",
      "import { actorOf } from '../../platform/actor.ts';",
      'export { requireWebsite, recordChange, actorOf };',
      '',
    ].join('\n');
    expect(await refusals('apps/server/src/modules/history/probe.ts', source)).toEqual([]);
  }, 60_000);

  it("lets tests use another module's test fixture, and nothing else of it", async () => {
    const fixture = "import { setupPortal } from '../websites/test-fixture.ts';\nexport { setupPortal };\n";
    expect(await refusals('apps/server/src/modules/teams/probe.test.ts', fixture)).toEqual([]);
    expect(await refusals('apps/server/src/modules/teams/probe.ts', fixture)).toHaveLength(1);
  }, 60_000);

  it("keeps PDF and picture work on the signing flow's thread: the rest of the server asks for it", async () => {
    for (const source of [
      "import { PDFDocument } from 'pdf-lib';\nexport { PDFDocument };\n",
      "import { SignPdf } from '@signpdf/signpdf';\nexport { SignPdf };\n",
      "import { renderSafForm } from './pdf.ts';\nexport { renderSafForm };\n",
      "import { renderCompleted } from './pdf-completion.ts';\nexport { renderCompleted };\n",
    ]) {
      expect(await refusals('apps/server/src/modules/signatures/seal.ts', source), source).toHaveLength(1);
      expect(await refusals('apps/server/src/modules/signatures/pdf-worker.ts', source), source).toEqual([]);
    }
    const types = "import type { FormContent } from './pdf.ts';\nexport type { FormContent };\n";
    expect(await refusals('apps/server/src/modules/signatures/send.ts', types)).toEqual([]);
  }, 60_000);
});
