import {
  COMPLIANCE_RULE_LABELS,
  normalizeText,
  patternFound,
  statedDataTime,
  templateMatch,
  type ComplianceRule,
  type ComplianceRuleResult,
} from '@vp/contract';
import type { PageReading } from './read-page.ts';

/**
 * The rules of a product judged against what a check read of a site: its home page (or why it
 * could not be read) and a sample of its listing pages. Pure, so every rule kind has table tests.
 */

/** Why a page was not read; `unknown` ones may be a passing network fault, the others are the site's. */
export type ReadFailure =
  { kind: 'unknown'; reason: string } | { kind: 'fail'; reason: string; status?: number };

export type HomeRead =
  | { ok: true; url: string; status: number; ms: number; reading: PageReading }
  | { ok: false; url: string; failure: ReadFailure };

export interface ListingRead {
  url: string;
  reading: PageReading | null;
  /** Why it could not be read, when it could not. */
  error?: string;
}

export interface SiteFacts {
  domain: string;
  /** The licensed agent's name, and the broker's office, from the licence. */
  agentName: string | null;
  officeName: string | null;
}

export interface CheckInput {
  home: HomeRead;
  /** Null when no listing page could be found to sample. */
  listings: ListingRead[] | null;
  site: SiteFacts;
  now: Date;
}

/** An excerpt short enough to show and keep. */
const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

const percent = (x: number) => `${Math.round(x * 100)}%`;

function hoursSince(then: Date, now: Date): number {
  return Math.max(0, (now.getTime() - then.getTime()) / 3_600_000);
}

/** The words after a pattern's last fixed part: the firm's name in "listing courtesy of *". */
function named(pattern: string, text: string): string | null {
  const fixed = pattern.replace(/\*\s*$/, '');
  const found = patternFound(fixed, text);
  if (!found) return null;
  if (!/\*\s*$/.test(pattern)) return found;
  const rest = normalizeText(text).split(found)[1]?.trim().split(' ').slice(0, 6).join(' ') ?? '';
  return rest ? `${found} ${rest}` : null;
}

function judge(rule: ComplianceRule, input: CheckInput): Omit<ComplianceRuleResult, 'ruleId' | 'kind'> {
  const { home, site, now } = input;
  if (rule.kind === 'answers') {
    if (!home.ok) return { decision: home.failure.kind, reason: home.failure.reason, evidence: home.url };
    if (!home.url.startsWith('https://'))
      return { decision: 'fail', reason: 'The site is not served over HTTPS.', evidence: home.url };
    return { decision: 'pass', reason: `Answered ${home.status} in ${home.ms} ms.`, evidence: home.url };
  }
  if (!home.ok) return { decision: 'unknown', reason: 'The site could not be read.', evidence: home.url };
  const text = home.reading.text;
  switch (rule.kind) {
    case 'requiredText': {
      const match = templateMatch(rule.template, text);
      return match.score >= rule.threshold
        ? {
            decision: 'pass',
            reason: `The required text is shown (${percent(match.score)} of it).`,
            evidence: excerpt(match.passage),
          }
        : {
            decision: 'fail',
            reason: `Only ${percent(match.score)} of the required text was found; ${percent(rule.threshold)} is needed.`,
            evidence: excerpt(match.passage),
          };
    }
    case 'freshness': {
      const stated = statedDataTime(text, rule.offsetMinutes);
      if (!stated)
        return {
          decision: 'fail',
          reason: 'The page states no time its listing data was last updated.',
          evidence: home.url,
        };
      const age = hoursSince(stated, now);
      const when = stated.toISOString().replace('T', ' ').slice(0, 16);
      return age <= rule.maxHours
        ? { decision: 'pass', reason: `Data last updated ${Math.floor(age)} h ago.`, evidence: `${when} UTC` }
        : {
            decision: 'fail',
            reason: `Data last updated ${Math.floor(age)} h ago; at most ${rule.maxHours} h is allowed.`,
            evidence: `${when} UTC`,
          };
    }
    case 'attribution': {
      const pages = input.listings;
      if (!pages || pages.length === 0)
        return {
          decision: 'unknown',
          reason: 'No listing page was found to check (no sitemap.xml, no paths set).',
          evidence: home.url,
        };
      const read = pages.filter((p) => p.reading);
      if (read.length === 0)
        return {
          decision: 'unknown',
          reason: 'None of the listing pages could be read.',
          evidence: pages[0]!.url,
        };
      const missing = read.find((p) => !named(rule.pattern, p.reading!.text));
      if (missing)
        return {
          decision: 'fail',
          reason: 'A listing page does not name the listing firm.',
          evidence: missing.url,
        };
      return {
        decision: 'pass',
        reason: `${read.length} listing ${read.length === 1 ? 'page names' : 'pages name'} the listing firm.`,
        evidence: excerpt(named(rule.pattern, read[0]!.reading!.text) ?? ''),
      };
    }
    case 'mlsNotice': {
      const inText = patternFound(rule.pattern, text);
      if (inText) return { decision: 'pass', reason: 'The MLS notice is shown.', evidence: excerpt(inText) };
      const image = home.reading.images.find(
        (i) =>
          patternFound(rule.pattern, i.alt) || patternFound(rule.pattern, i.src.replace(/[-_./]+/g, ' ')),
      );
      if (image)
        return {
          decision: 'pass',
          reason: 'The MLS logo is shown.',
          evidence: excerpt(image.alt || image.src),
        };
      return {
        decision: 'fail',
        reason: 'Neither the MLS notice nor its logo was found.',
        evidence: home.url,
      };
    }
    case 'forbidden': {
      for (const pattern of rule.patterns) {
        const found = patternFound(pattern, text);
        if (found)
          return {
            decision: 'fail',
            reason: `The page shows forbidden content ("${pattern}").`,
            evidence: excerpt(found),
          };
      }
      return { decision: 'pass', reason: 'None of the forbidden content was found.', evidence: home.url };
    }
    case 'licensee': {
      const names = [site.agentName, site.officeName].filter((n): n is string => !!n?.trim());
      if (names.length === 0)
        return {
          decision: 'unknown',
          reason: 'The licence names no agent or broker to look for.',
          evidence: home.url,
        };
      const found = names.find((n) => patternFound(n, text));
      return found
        ? { decision: 'pass', reason: `${found} is named on the site.`, evidence: found }
        : {
            decision: 'fail',
            reason: `Neither ${names.join(' nor ')} is named on the site.`,
            evidence: home.url,
          };
    }
  }
}

/** Every rule of the set, judged, in the set's order. */
export function evaluateRules(rules: readonly ComplianceRule[], input: CheckInput): ComplianceRuleResult[] {
  return rules.map((rule) => ({ ruleId: rule.id, kind: rule.kind, ...judge(rule, input) }));
}

/** A rule's name as staff and vendors read it. */
export const ruleLabel = (rule: Pick<ComplianceRule, 'kind'>) => COMPLIANCE_RULE_LABELS[rule.kind];
