import { createHash } from 'node:crypto';
import { SigningLinkMessages } from '@vp/contract';
import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/server.ts';
import {
  auth,
  declineWithReason,
  documentOf,
  drawSignature,
  oneByteChanged,
  openLink,
  requestSaf,
  safTypeId,
  seeDocument,
  signatureStatus,
  siteWithoutSaf,
  verify,
} from '../support/saf.ts';
import { apiLogin, users } from '../support/session.ts';

/**
 * The Site Access Form ceremony against the real server: the vendor requests a SAF through the
 * API, every signatory opens the link mailed to them in a browser of their own (the broker on a
 * phone), reads the PDF, consents, draws a signature and signs; the sealed document is then
 * approved, downloads, and verifies. A decline is walked the same way.
 */
test.describe.configure({ timeout: 120_000 });

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('every signatory signs from their link; the sealed SAF is approved, downloads and verifies', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const typeId = await safTypeId(request, token);
  const site = await siteWithoutSaf(request, token, typeId);
  const sent = await requestSaf(request, token, typeId, site);

  for (const [index, link] of sent.links.entries()) {
    // The first signs on a phone, as brokers do; anyone else at a desk.
    const page = await openLink(browser, link, index === 0 ? 390 : 1440);
    await seeDocument(page);
    const consent = page.getByRole('checkbox', { name: /I agree to sign this document electronically/ });
    await consent.check();
    await expect(consent).toBeChecked();
    await expect(page.getByLabel('Full name')).not.toHaveValue('');
    await drawSignature(page);
    await page.getByRole('button', { name: 'Sign the document' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Signed' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(SigningLinkMessages.signed);
    if (index === sent.links.length - 1)
      await expect(page.getByText(/Everyone has now signed/)).toBeVisible();

    // The link is spent: signed by this signer, or (for the last one) signed by everyone.
    await page.reload();
    const last = index === sent.links.length - 1;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      last ? /^(Already signed|Signed by everyone)$/ : 'Already signed',
    );
    await expect(page.getByRole('alert')).toHaveText(
      last
        ? new RegExp(`^(${literal(SigningLinkMessages.used)}|${literal(SigningLinkMessages.completed)})$`)
        : SigningLinkMessages.used,
    );
    await page.context().close();
  }

  const { steps, signers } = await signatureStatus(request, token, sent.documentId);
  expect(steps.every((s) => s.completed)).toBe(true);
  expect(signers.map((s) => s.state)).toEqual(sent.signatories.map(() => 'signed'));

  const document = await documentOf(request, token, site, sent.documentId);
  expect(document.approved).toBe(true);
  expect(document.voided).toBe(false);

  const download = await request.get(`${baseUrl()}/api/document/${sent.documentId}`, {
    headers: auth(token),
  });
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('application/pdf');
  const bytes = await download.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  expect(sha256).toBe(document.sha256);

  const sealed = await verify(request, bytes);
  expect(sealed.result).toBe('sealed');
  expect(sealed.sha256).toBe(sha256);
  expect(sealed.document?.domainName).toBe(site.domainName);
  expect((await verify(request, oneByteChanged(bytes))).result).toBe('altered');
});

test('a signatory declines with a reason; the link then says so and the SAF is not approved', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, users.demo);
  const typeId = await safTypeId(request, token);
  const site = await siteWithoutSaf(request, token, typeId);
  const sent = await requestSaf(request, token, typeId, site);

  const page = await openLink(browser, sent.links[0]!, 390);
  await declineWithReason(page, 'The office address is out of date.');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You declined to sign' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(SigningLinkMessages.declined);
  await page.context().close();

  const { signers } = await signatureStatus(request, token, sent.documentId);
  // The link opened was one signatory's; which one the mail log listed first does not matter.
  expect(signers.filter((s) => s.state === 'declined')).toHaveLength(1);
  expect(signers.some((s) => s.state === 'signed')).toBe(false);
  expect((await documentOf(request, token, site, sent.documentId)).approved).toBe(false);
});
