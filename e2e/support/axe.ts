import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.0 and 2.1, levels A and AA) on the page as it stands and keeps a tally per
 * screen. Serious and critical findings fail the test; moderate and minor ones are reported.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe for a page of the portal. Legacy mode runs axe inside the page itself; the default mode
 * opens an extra blank page per run to merge the results of cross-origin frames, which doubles
 * each run's time, and the portal has no frames.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];
type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const IMPACTS: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];
const BLOCKING: ReadonlySet<string> = new Set<Impact>(['critical', 'serious']);

/** The element the app renders its pages into (apps/web/index.html). */
const APP_ROOT = '#root';

export interface CheckOptions {
  rules?: string[];
  layers?: boolean;
}

interface ScreenResult {
  screen: string;
  /** Violating elements per impact. */
  counts: Record<Impact, number>;
  violations: Violation[];
}

/**
 * Waits until nothing on the page is still moving (dialogs fading in, drawers sliding), so colours
 * are measured at rest; endless animations such as spinners are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The element and, briefly, what is wrong with it (axe's failure summary without its preamble). */
function describeNode(node: Violation['nodes'][number]): string {
  const why = (node.failureSummary ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
  return `      at ${node.target.join(' ')}${why ? `\n        ${why}` : ''}`;
}

function describeViolation(screen: string, v: Violation): string {
  const targets = v.nodes.map(describeNode).join('\n');
  return `  [${screen}] ${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n    ${v.helpUrl}\n${targets}`;
}

export class AxeAudit {
  private readonly results: ScreenResult[] = [];

  constructor(private readonly label: string) {}

  /**
   * Audits the page as it stands under this screen's name. `rules` narrows a repeat visit to the
   * rules it is about (e.g. colour contrast). `layers` audits only what is open above the page
   * (antd renders dialogs, drawers, menus and toasts outside the app's root): for a layer opened
   * on a page this audit has already checked, so the page is not audited again under it.
   */
  async check(page: Page, screen: string, { rules, layers = false }: CheckOptions = {}): Promise<void> {
    await settled(page);
    // Only violations are reported, so axe need not collect the details of every passing element.
    // (options() replaces every option, so it comes before the tags.)
    let builder = axeBuilder(page)
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS);
    if (rules) builder = builder.withRules(rules);
    if (layers) builder = builder.exclude(APP_ROOT);
    const { violations } = await builder.analyze();
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const v of violations) counts[(v.impact ?? 'minor') as Impact] += v.nodes.length;
    this.results.push({ screen, counts, violations });
  }

  /** One line per screen: the counts by impact. */
  summary(): string {
    const width = Math.max(...this.results.map((r) => r.screen.length));
    return this.results
      .map(
        (r) =>
          `${this.label} ${r.screen.padEnd(width)}  ${IMPACTS.map((i) => `${i} ${r.counts[i]}`).join(', ')}`,
      )
      .join('\n');
  }

  blocking(): string[] {
    return this.results.flatMap((r) =>
      r.violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => describeViolation(r.screen, v)),
    );
  }

  /** Every finding, blocking or not, readable in the test output. */
  details(): string {
    const lines = this.results.flatMap((r) => r.violations.map((v) => describeViolation(r.screen, v)));
    return lines.length ? `axe findings (${this.label}):\n${lines.join('\n')}` : '';
  }
}
