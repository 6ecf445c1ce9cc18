import {
  ContactMessages,
  METADATA_STATUS_FIELDS,
  SITE_STATUS_DISPLAY,
  SITE_STATUS_TONE,
  type BadgeTone,
  type Metadata,
} from '@vp/contract';
import { UPLOAD_FILE_PATH } from '../../lib/route-table.ts';
import { WEBSITES_PATH, websitesFilterLink, websitesMissingLink } from '../../lib/website-links.ts';

/**
 * The dashboard's figures from the vendor's metadata: the Dashboard page and the signed-in first
 * paint (app/first-paint.tsx) show the same cards from this one list.
 */

/** Key contacts are kept on the Key Contacts page. */
const KEY_CONTACTS_PATH = '/team';

export interface Figure {
  key: string;
  label: string;
  value: number;
  tone: BadgeTone;
  to: string | null;
  /** Said after the figure to screen readers, so the link says where it goes. */
  linkHint?: string;
  /** A line under the figure: what the count is made of. */
  detail?: string;
}

/** A count of something missing is a warning only when something is missing. */
function missingTone(count: number): BadgeTone {
  return count > 0 ? 'warning' : 'info';
}

/** What the Missing documents card says under its figure: which types, and where they go. */
function missingDocsDetail(types: readonly string[], readOnly: boolean): string {
  if (types.length === 0) return 'Every required document is on file';
  const names = types.join(', ');
  return readOnly ? `Not on file: ${names}` : `Not on file: ${names}. Upload them on Tools › Upload File.`;
}

/** `readOnly`: the user's role cannot upload, so the card says what is missing without offering to. */
export function figures(m: Metadata, { readOnly = false }: { readOnly?: boolean } = {}): Figure[] {
  return [
    { key: 'totalSites', label: 'Total sites', value: m.totalSites, tone: 'primary', to: WEBSITES_PATH },
    ...METADATA_STATUS_FIELDS.map(({ field, status }) => ({
      key: field,
      label: SITE_STATUS_DISPLAY[status],
      value: m[field],
      tone: SITE_STATUS_TONE[status],
      to: websitesFilterLink(status),
    })),
    { key: 'subAccounts', label: 'Sub accounts', value: m.subAccounts, tone: 'info', to: null },
    {
      key: 'missingDocs',
      label: 'Missing documents',
      value: m.missingDocs,
      tone: missingTone(m.missingDocs),
      to: UPLOAD_FILE_PATH,
      linkHint: readOnly ? ': files' : ': upload documents',
      detail: missingDocsDetail(m.missingDocTypes, readOnly),
    },
    {
      key: 'missingSiteDocs',
      label: 'Sites missing documents',
      value: m.missingSiteDocs,
      tone: missingTone(m.missingSiteDocs),
      // The list filtered by the same condition the server counts here.
      to: websitesMissingLink('documents'),
      linkHint: ': the websites missing documents',
    },
    {
      key: 'sitesWithFindings',
      label: 'Compliance findings',
      value: m.sitesWithFindings,
      tone: m.sitesWithFindings > 0 ? 'danger' : 'info',
      // The sites with a finding open, each with its Compliance tab saying what to fix.
      to: websitesMissingLink('compliance'),
      linkHint: ': the websites with open compliance findings',
      detail:
        m.sitesWithFindings > 0
          ? `${m.sitesWithFindings === 1 ? 'A website has' : 'Websites have'} open findings: see each one's Compliance tab`
          : 'Every checked website passes its rules',
    },
    {
      key: 'missingContacts',
      label: 'Missing key contacts',
      value: m.missingContactTypes.length,
      tone: missingTone(m.missingContactTypes.length),
      to: KEY_CONTACTS_PATH,
      linkHint: ': key contacts',
      detail:
        m.missingContactTypes.length > 0
          ? `${ContactMessages.missing} ${m.missingContactTypes.join(', ')}`
          : 'Every required type has a contact',
    },
  ];
}
