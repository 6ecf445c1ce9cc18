import type { DocumentInfo, DocumentType } from '@vp/contract';

/** Fixtures of the documents feature's tests. */

export function doc(overrides: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    rowKey: 1,
    label: 'license.pdf',
    size: 1_234_567,
    uploadDate: '2026-03-05T15:04:00',
    typeId: 3,
    typeString: 'License',
    contentType: 'application/pdf',
    signatureRequired: false,
    approved: false,
    voided: false,
    declined: false,
    outOfDate: false,
    websiteId: 7,
    uploadedBy: 'Dana Demo',
    sha256: 'ab'.repeat(32),
    ...overrides,
  };
}

export function docType(id: number, type: string, scope: DocumentType['scope']): DocumentType {
  return {
    id,
    type,
    name: type === 'SAF' ? 'saf' : null,
    scope,
    signatureRequired: type === 'SAF',
    requiredForVendor: false,
    requiredForSites: false,
    requiredForProducts: [],
    requiredVendorTypes: [],
  };
}

export const TYPES: DocumentType[] = [
  docType(1, 'SAF', 'website'),
  docType(2, 'Vendor Agreement', 'vendor'),
  docType(3, 'License', 'any'),
  docType(4, 'Site Screenshot', 'website'),
];

/** An open dialog (not a confirm) by its title. */
export function dialogTitled(title: string): HTMLElement {
  const t = [...document.querySelectorAll('.ant-modal-title')].find((el) => el.textContent === title);
  const box = t?.closest<HTMLElement>('.ant-modal');
  if (!box) throw new Error(`no dialog ${title}`);
  return box;
}

/** An open confirm dialog by its title. */
export function confirmTitled(title: string): HTMLElement {
  const t = [...document.querySelectorAll('.ant-modal-confirm-title')].find((el) => el.textContent === title);
  const box = t?.closest<HTMLElement>('.ant-modal-confirm');
  if (!box) throw new Error(`no confirm ${title}`);
  return box;
}
