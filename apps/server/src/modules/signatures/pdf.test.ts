import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCompleted } from './pdf-completion.ts';
import { MARGIN, drawText, embedFonts, renderSafForm, runs, wrap, type FormContent } from './pdf.ts';

/**
 * The form's typesetting: names in any script a broker may have, checked with poppler's pdffonts and
 * pdftotext and with qpdf, tools we did not write.
 */

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-pdf-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function form(names: { broker: string; agent: string; office: string }): FormContent {
  return {
    portalName: 'Vendor Portal',
    portalUrl: 'https://portal.example',
    vendorName: 'Summit Sites',
    vendorCode: 'SUM',
    domainName: 'homes.example',
    products: ['IDX'],
    agent: {
      name: names.agent,
      mlsId: '10000100',
      memberNumber: '3000100',
      license: 'L-1',
      office: { name: names.office, mlsId: 'O01001' },
    },
    brokers: [
      {
        name: names.broker,
        mlsId: '10000099',
        memberNumber: '3000099',
        license: 'BK-1',
        office: { name: names.office, mlsId: 'O01001' },
        teamMembers: [],
      },
    ],
    signatories: [
      { signatory: 'Broker', name: names.broker, email: 'broker@example.com' },
      { signatory: 'Agent', name: names.agent, email: 'agent@example.com' },
    ],
    date: new Date('2026-11-20T10:00:00Z'),
  };
}

function inspect(bytes: Uint8Array, name: string) {
  const file = path.join(work, name);
  fs.writeFileSync(file, bytes);
  expect(spawnSync('qpdf', ['--check', file]).status).toBe(0);
  return {
    fonts: execFileSync('pdffonts', [file]).toString(),
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString(),
  };
}

const CJK = { broker: '王小明', agent: '김민준', office: '山田不動産 株式会社' };

describe('the Site Access Form PDF', () => {
  it('sets Latin, Greek and Cyrillic names in DejaVu alone', async () => {
    const pdf = await renderSafForm(
      form({ broker: 'Олег Ξενόπουλος', agent: 'Zoë Łukasiewicz', office: 'Ærø Realty' }),
    );
    const { fonts, text } = inspect(pdf, 'latin.pdf');
    expect(fonts).toMatch(/DejaVuSans/);
    expect(fonts).not.toMatch(/DroidSansFallback/);
    for (const name of ['Олег Ξενόπουλος', 'Zoë Łukasiewicz', 'Ærø Realty']) expect(text).toContain(name);
  });

  it('sets Chinese, Japanese and Korean names in the embedded fallback font', async () => {
    const pdf = await renderSafForm(form(CJK));
    const { fonts, text } = inspect(pdf, 'cjk.pdf');
    // The fallback is embedded beside DejaVu, as a subset: the form stays small though the font is 3 MB.
    expect(fonts).toMatch(/DroidSansFallback-\d+\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).toMatch(/DejaVuSans-\d+\s/);
    expect(pdf.length).toBeLessThan(100_000);
    // A long office name wraps at its space.
    for (const name of Object.values(CJK)) expect(text.replace(/\s+/g, ' ')).toContain(name);
    expect(text).toContain('Broker: 王小明');
  });

  it('stamps a typed signature in Japanese and lists every name on the certificate', async () => {
    const original = await renderSafForm(form(CJK));
    const signedAt = new Date('2026-11-21T09:30:00Z');
    const completed = await renderCompleted(original, {
      portalName: 'Vendor Portal',
      verifyUrl: 'https://portal.example/verify',
      documentId: 7,
      label: 'Site Access Form',
      domainName: 'homes.example',
      unsealedSha256: 'a'.repeat(64),
      completedAt: signedAt,
      signers: [
        {
          signatory: 'Broker',
          name: CJK.broker,
          email: 'broker@example.com',
          signedName: '王小明',
          image: null,
          signedAt,
        },
        {
          signatory: 'Agent',
          name: CJK.agent,
          email: 'agent@example.com',
          signedName: 'やまだ さくら',
          image: null,
          signedAt,
        },
      ],
      events: [
        {
          at: signedAt,
          kind: 'signed',
          who: '王小明',
          detail: '',
          ip: '203.0.113.7',
          userAgent: 'Mozilla/5.0',
        },
      ],
    });
    const { fonts, text } = inspect(await completed.save(), 'cjk-signed.pdf');
    expect(fonts).toMatch(/DroidSansFallback/);
    expect(text).toContain('Certificate of completion');
    // The signatory the form was sent to signs; a typed name that reads differently is shown beside it.
    expect(text).toContain('Signed by 김민준 (typed: やまだ さくら) at 2026-11-21 09:30:00 UTC');
    expect(text).toContain('Signed by 王小明 at 2026-11-21 09:30:00 UTC');
    expect(text).toContain('Broker: 王小明 <broker@example.com>, signed (typed) at 2026-11-21 09:30:00 UTC');
    expect(text).toContain(
      'Agent: 김민준 <agent@example.com>, signed (typed) at 2026-11-21 09:30:00 UTC; typed: やまだ さくら',
    );
  });

  it('gives every character a font that has its glyph, keeping runs whole', async () => {
    const pdf = await PDFDocument.create();
    const { regular, script } = await embedFonts(pdf, ['王']);
    const name = 'Dr. 王小明 (김민준), やまだ';
    for (const face of [regular, script]) {
      const parts = runs(face, name);
      expect(parts.map((r) => r.text).join('')).toBe(name);
      for (const run of parts) {
        const kit = face.kits[face.fonts.indexOf(run.font)]!;
        for (const ch of run.text) expect(kit.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
      }
      // DejaVu first, the fallback for the rest: Latin, then the Chinese name with what follows it.
      expect(parts[0]).toMatchObject({ text: 'Dr. ' });
      expect(parts[0]!.font).toBe(face.fonts[0]);
      expect(parts[1]!.font).toBe(face.fonts[1]);
    }
    // A name with no spaces still wraps, between characters.
    const long = '王'.repeat(80);
    const lines = wrap(long, regular, 10, 200);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(long);
  });

  it('draws every character visibly, each on a page of its own rendered by poppler', async () => {
    // A blank glyph still extracts as text, so only the rendered pixels show that it is drawn.
    const sample = [...'王小明 김민준 やまだ さくら 山田不動産 株式会社 한국 ÆØ Ωμέγα Жук'].filter(
      (c) => c !== ' ',
    );
    const pdf = await PDFDocument.create();
    const fonts = await embedFonts(pdf, sample);
    for (const ch of sample) {
      const page = pdf.addPage([48, 48]);
      drawText(page, ch, { x: 4, y: 10, size: 36, face: fonts.regular, color: rgb(0, 0, 0) });
    }
    const file = path.join(work, 'glyphs.pdf');
    fs.writeFileSync(file, await pdf.save());
    execFileSync('pdftoppm', ['-gray', '-r', '72', file, path.join(work, 'glyph')]);
    const images = fs
      .readdirSync(work)
      .filter((f) => f.startsWith('glyph-') && f.endsWith('.pgm'))
      .sort();
    expect(images).toHaveLength(sample.length);
    const inked = images.map((f) => {
      const pgm = fs.readFileSync(path.join(work, f));
      // P5 header: magic, width, height, max value, each ended by whitespace; then one byte a pixel.
      const header = pgm.toString('latin1', 0, 32).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
      const pixels = pgm.subarray(header[0].length);
      return pixels.filter((v) => v < 128).length;
    });
    for (const [i, ch] of sample.entries()) expect(inked[i], `${ch} is drawn`).toBeGreaterThan(30);
  });
});

describe('a long form', () => {
  it("prints a signer's browser as one quoted, shortened line that cannot pass for an event", async () => {
    const at = new Date('2026-11-21T09:30:00Z');
    const forged = `Mozilla/5.0\n2026-11-21 09:31:00 UTC  signed - Bea Broker (Broker)\r\n${'x'.repeat(600)}`;
    const completed = await renderCompleted(await renderSafForm(form(CJK)), {
      portalName: 'Vendor Portal',
      verifyUrl: 'https://portal.example/verify',
      documentId: 8,
      label: 'Site Access Form',
      domainName: 'homes.example',
      unsealedSha256: 'b'.repeat(64),
      completedAt: at,
      signers: [],
      events: [
        { at, kind: 'opened', who: 'Ann Agent (Agent)', detail: '', ip: '203.0.113.9', userAgent: forged },
      ],
    });
    const { text } = inspect(await completed.save(), 'forged-agent.pdf');
    const lines = text.split('\n').filter((l) => l.includes('203.0.113.9'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^IP 203\.0\.113\.9, browser "Mozilla\/5\.0 2026-11-21 09:31:00 UTC signed - Bea Broker \(Broker\) x+…"$/,
    );
    // No line of the certificate begins with the forged time but the real events.
    expect(text.split('\n').filter((l) => l.startsWith('2026-11-21 09:31'))).toEqual([]);
  });

  it('keeps every word of the terms and sets the signature blocks after the text', async () => {
    const base = form({ broker: 'Jo Lee', agent: 'Ashley Adams', office: 'Bayside Premier Realty' });
    const offices = Array.from({ length: 6 }, (_, i) => ({
      ...base.brokers[0]!,
      name: `Broker ${i}`,
      office: { name: `Office number ${i}`, mlsId: `O0100${i}` },
      teamMembers: Array.from({ length: 4 }, (_, j) => ({
        name: `Member ${i}-${j}`,
        mlsId: `1000${i}${j}`,
        memberNumber: `300${i}${j}`,
      })),
    }));
    const content: FormContent = {
      ...base,
      brokers: offices,
      signatories: [
        ...offices.map((o) => ({
          signatory: `Broker (${o.office.name})`,
          name: o.name,
          email: 'b@example.com',
        })),
        { signatory: 'Agent', name: 'Ashley Adams', email: 'a@example.com' },
      ],
    };
    const original = await renderSafForm(content);
    const signedAt = new Date('2026-11-21T09:30:00Z');
    const completed = await renderCompleted(original, {
      portalName: 'Vendor Portal',
      verifyUrl: 'https://portal.example/verify',
      documentId: 8,
      label: 'Site Access Form',
      domainName: 'homes.example',
      unsealedSha256: 'b'.repeat(64),
      completedAt: signedAt,
      signers: content.signatories.map((s) => ({ ...s, signedName: s.name, image: null, signedAt })),
      events: [],
    });
    const { text } = inspect(await completed.save(), 'long.pdf');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Each signatory signs electronically through the Vendor Portal.');
    for (const o of offices) for (const m of o.teamMembers) expect(flat).toContain(`Team member ${m.name}`);
    // Each block follows the terms and carries its own stamp.
    const termsAt = flat.indexOf('through the Vendor Portal.');
    for (const s of content.signatories) {
      const at = flat.indexOf(`${s.signatory}: ${s.name}`);
      expect(at, s.signatory).toBeGreaterThan(termsAt);
      expect(flat).toContain(`Signed by ${s.name} at 2026-11-21 09:30:00 UTC`);
    }
  });
});

describe('the stamp under a signature', () => {
  it('names the signatory with a long typed name on two lines, clear of the date column', async () => {
    const base = form({ broker: 'Jo Lee', agent: 'Ashley Adams', office: 'Bayside Premier Realty' });
    const signedAt = new Date('2026-11-21T09:30:00Z');
    const typed = 'Mallory Ximena Impostor-Featherstonehaugh';
    const completed = await renderCompleted(await renderSafForm(base), {
      portalName: 'Vendor Portal',
      verifyUrl: 'https://portal.example/verify',
      documentId: 9,
      label: 'Site Access Form',
      domainName: 'homes.example',
      unsealedSha256: 'c'.repeat(64),
      completedAt: signedAt,
      signers: base.signatories.map((s, i) => ({
        ...s,
        signedName: i === 0 ? typed : s.name,
        image: null,
        signedAt,
      })),
      events: [],
    });
    const file = path.join(work, 'stamp.pdf');
    fs.writeFileSync(file, await completed.save());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-']).toString();
    expect(text).toContain(`Signed by Jo Lee (typed: ${typed})`);
    expect(text).toContain('Signed by Ashley Adams at 2026-11-21 09:30:00 UTC');
    // Every word of the stamps ends before the date column (it starts 20 pt right of the line).
    const bbox = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']).toString();
    const words = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
    ];
    const stamp = words.filter(([, , , w]) =>
      ['Signed', '(typed:', 'Featherstonehaugh)', 'UTC'].includes(w!),
    );
    expect(stamp.length).toBeGreaterThanOrEqual(5);
    for (const [, xMin, xMax, w] of stamp) {
      expect(Number(xMin), w).toBeGreaterThan(MARGIN);
      expect(Number(xMax), w).toBeLessThan(MARGIN + 300 + 20);
    }
  });
});
