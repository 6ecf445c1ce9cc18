import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { newStorageKey, type FileStorage } from '../../platform/storage.ts';
import type { Db } from '../client.ts';
import { resources, users, vendorFeeds } from '../schema.ts';
import type { DemoAccounts } from './accounts.ts';
import { BASE_DAY } from './random.ts';

/**
 * The MLS's published resources and the data feeds between the demo vendors. Summit Web Solutions
 * provides a feed that Harbor IDX Co. consumes, so both sides of the Consumers screen have a row.
 * Links need only the database; the rules PDF needs file storage, so it is written when the server
 * seeds a new embedded database (seedDemoResourceFiles), as the demo documents are.
 */

export const DEMO_RULES_FILE = 'MLS Rules and Regulations 2026.pdf';

const LINKS = [
  {
    category: 'IDX/VOW Policy',
    title: 'IDX and VOW display policy',
    description:
      'What an IDX or VOW site may show, how often it refreshes, and which listings it must leave out.',
    url: 'https://mls.example/policies/idx-vow',
  },
  {
    category: 'Display Requirements',
    title: 'Listing display requirements',
    description: 'The listing brokerage, the MLS notice and the last-updated time on every listing page.',
    url: 'https://mls.example/policies/display',
  },
  {
    category: 'Logo Packs',
    title: 'MLS logo pack',
    description: 'The MLS logo in colour and white, with the spacing it needs on a page.',
    url: 'https://mls.example/brand/logo-pack',
  },
  {
    category: 'Links',
    title: 'RESO Web API',
    description: 'The standard the MLS data feed follows.',
    url: 'https://www.reso.org/reso-web-api/',
  },
] as const;

export async function insertResourcesAndFeeds(tx: Db, accounts: DemoAccounts): Promise<void> {
  const admin = accounts.uid('admin');
  const at = new Date(BASE_DAY);
  await tx.insert(resources).values(
    LINKS.map((l) => ({
      ...l,
      position: 0,
      createdBy: admin,
      updatedBy: admin,
      createdAt: at,
      updatedAt: at,
    })),
  );
  await tx.insert(vendorFeeds).values({
    providerVendorId: accounts.summit,
    consumerVendorId: accounts.harbor,
    feedType: 'RESO Web API',
    status: 'Active',
    since: '2025-03-01',
  });
}

async function rulesPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('MLS Rules and Regulations 2026 (demo)');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('MLS Rules and Regulations 2026', { x: 50, y: 720, size: 18, font });
  page.drawText('Section 18: Internet Data Exchange (demo document)', { x: 50, y: 690, size: 12, font });
  return pdf.save();
}

/** The rules PDF, stored and listed first under Rules. */
export async function seedDemoResourceFiles(db: Db, storage: FileStorage): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const data = await rulesPdf();
  const key = newStorageKey(0);
  await storage.putBuffer(key, data, 'application/pdf');
  const at = new Date(BASE_DAY);
  await db.insert(resources).values({
    category: 'Rules',
    title: 'MLS Rules and Regulations',
    description: 'The rules every participant and vendor follows, in force from January 2026.',
    storageKey: key,
    fileName: DEMO_RULES_FILE,
    size: data.byteLength,
    contentType: 'application/pdf',
    position: 0,
    createdBy: admin?.id ?? null,
    updatedBy: admin?.id ?? null,
    createdAt: at,
    updatedAt: at,
  });
}
