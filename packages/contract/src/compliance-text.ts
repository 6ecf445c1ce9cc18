/**
 * How the compliance checks read a page's words: tolerantly, as a person would. Case, spacing and
 * punctuation never decide; a template's placeholders ({date}, {year}, {anything}) stand for the
 * words a site fills in. Pure functions over text, so the rules have table tests of their own.
 */

/** Lower case, every run of anything but letters and digits one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const words = (text: string): string[] => {
  const n = normalizeText(text);
  return n ? n.split(' ') : [];
};

/** A template's words, without its placeholders (`{…}`), which match whatever a site wrote there. */
export function templateWords(template: string): string[] {
  return words(template.replace(/\{[^{}]*\}/g, ' '));
}

/** Longest common subsequence of two word lists (how many words appear in the same order). */
function commonInOrder(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++)
      row[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}

export interface TextMatch {
  /** How much of the template the best passage holds, in order: 0 to 1. */
  score: number;
  /** That passage, as the page has it (normalised), for the evidence. */
  passage: string;
}

/** Windows whose words are scored exactly, of those sharing most words with the template. */
const CANDIDATES = 5;

/**
 * How closely the page holds the template: the share of the template's words found in order in
 * the best passage of about its length. Passages are found by the words they share (one pass over
 * the page), and the few best are scored exactly, so a long page costs little more than its length.
 */
export function templateMatch(template: string, pageText: string): TextMatch {
  const want = templateWords(template);
  const page = words(pageText);
  if (want.length === 0) return { score: 1, passage: '' };
  if (page.length === 0) return { score: 0, passage: '' };
  const size = Math.min(page.length, want.length);
  const need = new Map<string, number>();
  for (const w of want) need.set(w, (need.get(w) ?? 0) + 1);
  const have = new Map<string, number>();
  let shared = 0;
  const add = (w: string, by: 1 | -1) => {
    const before = have.get(w) ?? 0;
    const after = before + by;
    have.set(w, after);
    const cap = need.get(w) ?? 0;
    shared += Math.min(after, cap) - Math.min(before, cap);
  };
  for (let i = 0; i < size; i++) add(page[i]!, 1);
  const starts: { at: number; shared: number }[] = [{ at: 0, shared }];
  for (let i = size; i < page.length; i++) {
    add(page[i]!, 1);
    add(page[i - size]!, -1);
    starts.push({ at: i - size + 1, shared });
  }
  starts.sort((a, b) => b.shared - a.shared || a.at - b.at);
  let best: TextMatch = { score: 0, passage: '' };
  const slack = Math.ceil(want.length / 4);
  for (const { at } of starts.slice(0, CANDIDATES)) {
    const from = Math.max(0, at - slack);
    const passage = page.slice(from, Math.min(page.length, at + size + slack));
    const score = commonInOrder(want, passage) / want.length;
    if (score > best.score) best = { score, passage: passage.join(' ') };
  }
  return best;
}

/**
 * Whether a pattern staff wrote appears: `*` stands for any words between, everything else is
 * matched as words (case, spacing and punctuation aside).
 */
export function patternFound(pattern: string, text: string): string | null {
  const parts = pattern.split('*').map(normalizeText).filter(Boolean);
  if (parts.length === 0) return null;
  const haystack = ` ${normalizeText(text)} `;
  let from = 0;
  let first = -1;
  for (const part of parts) {
    const at = haystack.indexOf(` ${part} `, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    from = at + part.length + 1;
  }
  return haystack.slice(first + 1, from).trim();
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The words that introduce a listing data's time on a page. */
const FRESHNESS_LEAD =
  /(?:data\s+(?:as\s+of|last\s+updated|updated)|last\s+updated|listings?\s+updated|updated(?:\s+on)?|as\s+of)\s*[:\-–]?\s*/gi;

const DATE_FORMS = [
  // 11/29/2026 or 11-29-2026
  /^(?<m>\d{1,2})[/\-.](?<d>\d{1,2})[/\-.](?<y>\d{4})/,
  // 2026-11-29
  /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})/,
  // November 29, 2026 or Nov 29 2026
  /^(?<mon>[A-Za-z]{3,9})\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?<y>\d{4})/,
];
const TIME_FORM =
  /^(?:,?\s*(?:at\s+)?|\s+|T)(?<h>\d{1,2}):(?<min>\d{2})(?::\d{2})?\s*(?<ampm>[ap]\.?m\.?)?\s*(?<zone>Z|UTC|GMT|[+-]\d{2}:?\d{2})?/i;

/**
 * The newest "data as of / last updated" time a page states, as a UTC instant. A time without a
 * zone is read in `offsetMinutes` (the MLS's own zone, east of UTC positive); a date alone is its
 * end of day, the most favourable reading. Null when the page states none.
 */
export function statedDataTime(text: string, offsetMinutes = 0): Date | null {
  let newest: Date | null = null;
  for (const lead of text.matchAll(FRESHNESS_LEAD)) {
    const rest = text.slice(lead.index + lead[0].length, lead.index + lead[0].length + 60);
    for (const form of DATE_FORMS) {
      const date = form.exec(rest);
      if (!date?.groups) continue;
      const g = date.groups;
      const month = g.mon
        ? MONTHS.findIndex((m) => m.startsWith(g.mon!.toLowerCase().slice(0, 3))) + 1
        : Number(g.m);
      const [year, day] = [Number(g.y), Number(g.d)];
      if (new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1 || day < 1) continue;
      const time = TIME_FORM.exec(rest.slice(date[0].length));
      let hours = 23;
      let minutes = 59;
      let offset = offsetMinutes;
      if (time?.groups) {
        hours = Number(time.groups.h);
        minutes = Number(time.groups.min);
        const ampm = time.groups.ampm?.toLowerCase().replace(/\./g, '');
        if (ampm === 'pm' && hours < 12) hours += 12;
        if (ampm === 'am' && hours === 12) hours = 0;
        const zone = time.groups.zone?.toUpperCase();
        if (zone === 'Z' || zone === 'UTC' || zone === 'GMT') offset = 0;
        else if (zone) {
          const z = /([+-])(\d{2}):?(\d{2})/.exec(zone)!;
          offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
        }
        if (hours > 23 || minutes > 59) continue;
      }
      const at = new Date(Date.UTC(year, month - 1, day, hours, minutes) - offset * 60_000);
      if (!newest || at > newest) newest = at;
      break;
    }
  }
  return newest;
}
