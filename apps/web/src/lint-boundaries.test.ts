import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of eslint.config.js, run on source text placed at paths inside this app. */
const root = `${resolve(import.meta.dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('web import boundaries', () => {
  it.each([
    ['a feature reaching into another feature', 'features/teams/probe.ts', '../websites/api.ts', /index\.ts/],
    ['a feature importing the app', 'features/teams/probe.ts', '../../app/guard.ts', /app or the layout/],
    [
      'a feature importing the layout',
      'features/teams/probe.ts',
      '../../layout/navbar.tsx',
      /app or the layout/,
    ],
    ['the layout importing the app', 'layout/probe.ts', '../app/guard.ts', /layout must not import the app/],
    ['the layout reaching into a feature', 'layout/probe.ts', '../features/profile/api.ts', /index\.ts/],
    ['shared code importing a feature', 'lib/probe.ts', '../features/profile/index.ts', /Shared code/],
    ['a shared hook importing the layout', 'hooks/probe.ts', '../layout/navbar.tsx', /Shared code/],
    ['the live channel importing a feature', 'live/probe.ts', '../features/profile/index.ts', /Shared code/],
  ])('refuses %s', async (_name, file, target, message) => {
    const errors = await boundaryErrors(file, `import '${target}';\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'a feature using another feature through its index.ts',
      'features/teams/probe.ts',
      '../websites/index.ts',
    ],
    ['a feature using its own modules', 'features/teams/probe.ts', './api.ts'],
    ['a feature using shared code', 'features/teams/probe.ts', '../../lib/http.ts'],
    ['a feature listening to the live channel', 'features/teams/probe.ts', '../../live/index.ts'],
    ['the layout using a feature through its index.ts', 'layout/probe.ts', '../features/profile/index.ts'],
    ['the app loading a page', 'app/probe.ts', '../features/auth/pages/login-page.tsx'],
    ['the app using the layout', 'app/probe.ts', '../layout/app-layout.tsx'],
  ])('allows %s', async (_name, file, target) => {
    expect(await boundaryErrors(file, `import '${target}';\n`)).toEqual([]);
  });
});
