import { dbIdSchema, PrimitiveMessages } from './primitives.ts';
import { z } from './zod.ts';

/**
 * Resources (spec §2 `/resources`, §7 `GET /resources`): what the MLS publishes for vendors, each a
 * stored file or a link, grouped by category and ordered within it by MLS staff. Every signed-in
 * user reads them; only MLS staff (the admin role) add, edit, reorder and retire them.
 */

/**
 * The categories, in the order the screen shows them. A fixed list rather than free text, so a
 * group cannot split in two over a typo ("Logo Pack" beside "Logo Packs") and every vendor sees the
 * same headings in the same order.
 */
export const RESOURCE_CATEGORIES = [
  'Rules',
  'IDX/VOW Policy',
  'Display Requirements',
  'Logo Packs',
  'Links',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_TITLE_MAX = 120;
export const RESOURCE_DESCRIPTION_MAX = 1000;
export const RESOURCE_URL_MAX = 2000;

export const ResourceMessages = {
  categoryInvalid: `Please choose a category: ${RESOURCE_CATEGORIES.join(', ')}.`,
  titleRequired: 'Please enter a title.',
  titleTooLong: `The title cannot be more than ${RESOURCE_TITLE_MAX} characters.`,
  descriptionTooLong: `The description cannot be more than ${RESOURCE_DESCRIPTION_MAX} characters.`,
  urlInvalid: 'Please enter a web address starting with http:// or https://.',
  urlTooLong: `The web address cannot be more than ${RESOURCE_URL_MAX} characters.`,
  fileOrUrl: 'Please choose a file or enter a web address.',
  notBoth: 'A resource is either a file or a web address, not both.',
  notFound: 'Resource not found',
  staffOnly: 'Only MLS staff may change resources.',
  orderIds: 'Please list every resource of one category, each once.',
  created: 'Resource added',
  updated: 'Resource saved',
  retired: 'Resource retired',
  reordered: 'Order saved',
  retireConfirm: 'Retire this resource? Vendors will no longer see it.',
  empty: 'The MLS has not published any resources yet.',
  noMatch: (search: string) => `No resources match "${search}".`,
  newTag: 'New',
} as const;

/** An absolute http(s) address: a host name (letters, digits, dots, hyphens), an optional port, no spaces. */
const WEB_ADDRESS = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

export const resourceCategorySchema = z.enum(RESOURCE_CATEGORIES, {
  error: ResourceMessages.categoryInvalid,
});

export const resourceUrlSchema = z
  .string({ error: ResourceMessages.urlInvalid })
  .trim()
  .max(RESOURCE_URL_MAX, ResourceMessages.urlTooLong)
  .refine(isWebAddress, ResourceMessages.urlInvalid);

/** The fields of a resource's form; the file, when there is one, travels as a multipart part. */
export const resourceFieldsSchema = z.object({
  category: resourceCategorySchema,
  title: z
    .string({ error: ResourceMessages.titleRequired })
    .trim()
    .min(1, ResourceMessages.titleRequired)
    .max(RESOURCE_TITLE_MAX, ResourceMessages.titleTooLong),
  description: z
    .string()
    .trim()
    .max(RESOURCE_DESCRIPTION_MAX, ResourceMessages.descriptionTooLong)
    .default(''),
  /** A link resource's address; absent (or empty) for a file. */
  url: z
    .union([z.literal(''), resourceUrlSchema])
    .optional()
    .transform((v) => v || undefined),
});
export type ResourceFields = z.infer<typeof resourceFieldsSchema>;
export type ResourceFieldsInput = z.input<typeof resourceFieldsSchema>;

export const resourceSchema = z.object({
  id: z.number().int(),
  category: resourceCategorySchema,
  title: z.string(),
  description: z.string(),
  kind: z.enum(['file', 'link']),
  /** A link's address; null for a file. */
  url: z.string().nullable(),
  /** A file's real name, size and type; null for a link. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  contentType: z.string().nullable(),
  position: z.number().int(),
  updatedAt: z.string().meta({ description: 'ISO 8601 time of the last change' }),
  /** Changed since this user last looked at the resources. */
  isNew: z.boolean(),
  /** Retired (hidden from vendors): MLS staff alone see these, with the time. */
  retiredAt: z.string().nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.object({
  resources: z.array(resourceSchema),
  /** When this user last looked (ISO), or null for never. */
  lastSeenAt: z.string().nullable(),
});
export type ResourceList = z.infer<typeof resourceListSchema>;

export const resourceResponseSchema = z.object({ message: z.string(), resource: resourceSchema });
export type ResourceResponse = z.infer<typeof resourceResponseSchema>;

export const resourceIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: PrimitiveMessages.idInvalid })
    .int(PrimitiveMessages.idInvalid)
    .min(1, PrimitiveMessages.idInvalid)
    .max(2_147_483_647, PrimitiveMessages.idInvalid),
});

/** The new order of one category: every active resource in it, each once. */
export const resourceOrderSchema = z.object({
  ids: z.array(dbIdSchema).min(1, ResourceMessages.orderIds).max(500, ResourceMessages.orderIds),
});
export type ResourceOrder = z.infer<typeof resourceOrderSchema>;

/** Resources in the screen's order: by category (the list's order), then position, then id. */
export function sortResources<T extends Pick<Resource, 'category' | 'position' | 'id'>>(
  list: readonly T[],
): T[] {
  const rank = (c: string) => RESOURCE_CATEGORIES.indexOf(c as ResourceCategory);
  return [...list].sort(
    (a, b) => rank(a.category) - rank(b.category) || a.position - b.position || a.id - b.id,
  );
}

/** Whether a resource matches the screen's search: every word in its title or description. */
export function resourceMatches(resource: Pick<Resource, 'title' | 'description'>, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${resource.title}\n${resource.description}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** MLS staff (the admin role) keep the resources; everyone else reads them. */
export function canManageResources(role: string | null | undefined): boolean {
  return role === 'admin';
}
