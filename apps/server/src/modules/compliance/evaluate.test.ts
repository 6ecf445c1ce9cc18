import { complianceRuleSchema, type ComplianceRule } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { evaluateRules, type CheckInput, type HomeRead } from './evaluate.ts';
import { readPage, sitemapLocations } from './read-page.ts';

/** Every rule kind against pages that pass it and pages that fail it, one table per kind. */

const NOW = new Date('2026-11-29T18:00:00Z');
const DISCLAIMER =
  'Listing data courtesy of Summit MLS. Information deemed reliable but not guaranteed. Updated {date}.';

const rule = (r: Record<string, unknown>): ComplianceRule => complianceRuleSchema.parse({ id: 'r', ...r });

const home = (body: string, url = 'https://lakeside.example/'): HomeRead => ({
  ok: true,
  url,
  status: 200,
  ms: 120,
  reading: readPage(`<html><head><title>Lakeside</title></head><body>${body}</body></html>`),
});

const input = (h: HomeRead, listings: CheckInput['listings'] = null): CheckInput => ({
  home: h,
  listings,
  site: { domain: 'lakeside.example', agentName: 'Jane Doe', officeName: 'Lakeside Realty' },
  now: NOW,
});

const decide = (r: ComplianceRule, i: CheckInput) => evaluateRules([r], i)[0]!;

describe('reading a page', () => {
  it('keeps what a visitor reads: not scripts, styles or the head; images by alt and file name', () => {
    const page = readPage(
      '<html><head><title>Homes &amp; more</title><style>p{}</style></head><body><script>var x="Summit MLS"</script>' +
        '<p>Data&nbsp;last <b>updated</b></p><div>Today</div><img alt="Summit MLS logo" src="/img/summit-mls.png"><noscript>on</noscript></body></html>',
    );
    expect(page).toEqual({
      title: 'Homes & more',
      text: 'Data last updated Today',
      images: [{ alt: 'Summit MLS logo', src: '/img/summit-mls.png' }],
    });
  });

  it('reads the pages a sitemap lists', () => {
    expect(
      sitemapLocations(
        '<?xml version="1.0"?><urlset><url><loc> https://a.example/listing/1 </loc></url><url><loc>https://a.example/listing/2?x=1&amp;y=2</loc></url></urlset>',
      ),
    ).toEqual(['https://a.example/listing/1', 'https://a.example/listing/2?x=1&y=2']);
  });
});

describe('each rule kind', () => {
  const down: HomeRead = {
    ok: false,
    url: 'https://lakeside.example/',
    failure: { kind: 'unknown', reason: 'No answer within 10 s.' },
  };
  const broken: HomeRead = {
    ok: false,
    url: 'https://lakeside.example/',
    failure: { kind: 'fail', reason: 'Answered 404.', status: 404 },
  };

  it.each([
    ['answers', home('<p>Hello</p>'), 'pass', /Answered 200/],
    ['answers over plain http', home('<p>Hello</p>', 'http://lakeside.example/'), 'fail', /HTTPS/],
    ['answers, not reached', down, 'unknown', /10 s/],
    ['answers, 404', broken, 'fail', /404/],
  ])('%s', (_name, h, decision, reason) => {
    const result = decide(rule({ kind: 'answers' }), input(h));
    expect(result.decision).toBe(decision);
    expect(result.reason).toMatch(reason);
  });

  it.each([
    ['shown word for word', `<footer>${DISCLAIMER.replace('{date}', '11/29/2026')}</footer>`, 'pass'],
    [
      'shown in other case and spacing',
      `<footer>${DISCLAIMER.toUpperCase().replace(/ /g, '\n ')}</footer>`,
      'pass',
    ],
    ['half of it', '<footer>Listing data courtesy of Summit MLS.</footer>', 'fail'],
    ['missing', '<p>Welcome home</p>', 'fail'],
  ])('required text %s', (_name, body, decision) => {
    const result = decide(rule({ kind: 'requiredText', template: DISCLAIMER }), input(home(body)));
    expect(result.decision).toBe(decision);
    if (decision === 'fail') expect(result.reason).toMatch(/of the required text was found; 90% is needed/);
  });

  it.each([
    ['updated 3 h ago', '<p>Data last updated 11/29/2026 3:00 PM</p>', 'pass'],
    ['updated 2 days ago', '<p>Data last updated 11/27/2026 3:00 PM</p>', 'fail'],
    ['no time stated', '<p>Fresh listings every day</p>', 'fail'],
  ])('freshness: %s', (_name, body, decision) => {
    expect(decide(rule({ kind: 'freshness' }), input(home(body))).decision).toBe(decision);
  });

  const listing = (url: string, body: string | null) => ({
    url,
    reading: body === null ? null : readPage(body),
  });
  it.each([
    [
      'every sampled page names the firm',
      [
        listing('/l/1', '<p>Listing courtesy of Harbor Realty</p>'),
        listing('/l/2', '<p>Listing Courtesy Of: Ridge Homes</p>'),
      ],
      'pass',
    ],
    [
      'a page without it',
      [listing('/l/1', '<p>Listing courtesy of Harbor Realty</p>'), listing('/l/2', '<p>3 beds</p>')],
      'fail',
    ],
    ['the phrase with no name after it', [listing('/l/1', '<p>3 beds. Listing courtesy of</p>')], 'fail'],
    ['no listing page found', null, 'unknown'],
    ['no listing page could be read', [listing('/l/1', null)], 'unknown'],
  ])('attribution: %s', (_name, listings, decision) => {
    expect(decide(rule({ kind: 'attribution' }), input(home('<p>Home</p>'), listings)).decision).toBe(
      decision,
    );
  });

  it.each([
    ['as text', '<p>Provided by Summit MLS</p>', 'pass'],
    ['as a logo with alt text', '<img alt="Summit MLS" src="/a.png">', 'pass'],
    ['as a logo by its file name', '<img src="/images/summit_mls-logo.svg">', 'pass'],
    ['missing', '<p>Our homes</p>', 'fail'],
  ])('MLS notice %s', (_name, body, decision) => {
    expect(decide(rule({ kind: 'mlsNotice', pattern: 'Summit MLS' }), input(home(body))).decision).toBe(
      decision,
    );
  });

  it.each([
    ['clean', '<p>Three bedrooms near the lake</p>', 'pass'],
    ['offers compensation', '<p>We pay buyer-agent compensation of 3%</p>', 'fail'],
    ['shows showing instructions', '<p>Showing instructions: lockbox code 4411</p>', 'fail'],
  ])('forbidden content: %s', (_name, body, decision) => {
    const result = decide(
      rule({ kind: 'forbidden', patterns: ['buyer agent compensation', 'showing instructions'] }),
      input(home(body)),
    );
    expect(result.decision).toBe(decision);
  });

  it.each([
    ['the agent named', '<p>Jane Doe, REALTOR®</p>', 'pass'],
    ['the office named', '<p>Lakeside Realty</p>', 'pass'],
    ['neither', '<p>Homes by the lake</p>', 'fail'],
  ])('licensee: %s', (_name, body, decision) => {
    expect(decide(rule({ kind: 'licensee' }), input(home(body))).decision).toBe(decision);
  });

  it('every rule but the first is unknown when the site could not be read', () => {
    const rules = [
      rule({ id: 'a', kind: 'answers' }),
      rule({ id: 'b', kind: 'licensee' }),
      rule({ id: 'c', kind: 'forbidden', patterns: ['x'] }),
    ];
    expect(evaluateRules(rules, input(down)).map((r) => [r.ruleId, r.decision])).toEqual([
      ['a', 'unknown'],
      ['b', 'unknown'],
      ['c', 'unknown'],
    ]);
    expect(evaluateRules(rules, input(broken)).map((r) => r.decision)).toEqual([
      'fail',
      'unknown',
      'unknown',
    ]);
  });
});
