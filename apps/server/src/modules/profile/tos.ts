import { TERMS_VERSION, type TermsOfService } from '@vp/contract';

/** The terms every user accepts before using the portal; a new version asks everyone again. */
export const TERMS_OF_SERVICE: TermsOfService = {
  version: TERMS_VERSION,
  effectiveDate: '2025-01-01',
  text: [
    'Vendor Portal Terms of Service',
    '',
    '1. The portal is provided by the MLS to data-licensing vendors so they can register and manage the websites that receive listing data under their license agreement.',
    '2. You may use the portal only on behalf of the vendor accounts linked to your user, and only for the purposes of that agreement.',
    "3. Every website you register must belong to a licensed agent of the MLS or of a reciprocal association, and must be covered by a Site Access Form signed by the agent's broker before it is activated.",
    '4. Keep your password to yourself. You are responsible for all actions taken with your account; tell the MLS Data Licensing Department at once if you suspect misuse.',
    '5. Listing data shown in or obtained through the portal remains subject to the MLS rules and your license agreement; it may not be redistributed outside them.',
    '6. The MLS may suspend access to enforce these terms or its rules. Activity in the portal is recorded for audit.',
    '7. These terms may change; you will be asked to accept a new version before continuing to use the portal.',
  ].join('\n'),
};
