import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NOTES_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TITLE_MAX,
  CONTACT_TYPE_NAME_MAX,
  CONTACT_TYPES_MAX,
  ContactMessages,
  ContactTypeMessages,
} from './contact-texts.ts';
import { dbIdSchema, PrimitiveMessages } from './primitives.ts';
import { VENDOR_TYPES } from './staff-accounts.ts';
import { z } from './zod.ts';

/**
 * Key contacts: the people at a vendor the MLS deals with, each of one or more contact types
 * (Primary, Technical, Billing, ...). The types are MLS settings: staff add them and say which are
 * required, for every vendor type or for some, and the dashboard and metadata name the required
 * types a vendor has no contact of.
 */

export * from './contact-texts.ts';

/** Where a phone number written without a country code is read as being. */
export const DEFAULT_PHONE_REGION: CountryCode = 'US';

// ---------------------------------------------------------------------------------------------
// Phone numbers

export interface Phone {
  /** E.164, as stored: +13035550147. */
  e164: string;
  /** As people read it: national format for a number of the default region, international otherwise. */
  display: string;
}

/**
 * Reads a phone number as typed ("(303) 555-0147", "303.555.0147", "+44 20 7946 0000"); a number
 * without a country code is read as one of the default region. Null when it is not a valid number.
 */
export function parsePhone(input: string): Phone | null {
  const parsed = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_REGION);
  if (!parsed || !parsed.isValid()) return null;
  return { e164: parsed.number, display: displayPhone(parsed.number) };
}

/** A stored E.164 number as people read it; text that does not parse is answered as it is. */
export function displayPhone(e164: string): string {
  if (e164 === '') return '';
  const parsed = parsePhoneNumberFromString(e164, DEFAULT_PHONE_REGION);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_REGION ? parsed.formatNational() : parsed.formatInternational();
}

/** The reason a typed phone number is refused, or null when it is fine (empty is fine: optional). */
export function phoneProblem(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  if (text.length > CONTACT_PHONE_MAX) return ContactMessages.phoneInvalid;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  if (!parsed || !parsed.isValid()) return ContactMessages.phoneInvalid;
  if (parsed.ext) return ContactMessages.phoneExtension;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Contact types

export const contactTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Every vendor of the types it applies to should have a contact of it. */
  required: z.boolean(),
  /** The vendor types it applies to; empty: every vendor type. */
  vendorTypes: z.array(z.string()),
  sortOrder: z.number().int(),
});
export type ContactType = z.infer<typeof contactTypeSchema>;
export const contactTypeListSchema = z.array(contactTypeSchema);

const vendorTypesSchema = z
  .array(z.enum(VENDOR_TYPES, { error: ContactTypeMessages.vendorTypeInvalid }), {
    error: ContactTypeMessages.vendorTypeInvalid,
  })
  .max(VENDOR_TYPES.length, ContactTypeMessages.vendorTypeInvalid)
  .transform((list) => [...new Set(list)]);

/** PUT /admin/contact-types/:id: whether it is required, and for which vendor types. */
export const contactTypeUpdateSchema = z.object({
  required: z.boolean(),
  vendorTypes: vendorTypesSchema.default([]),
});
export type ContactTypeUpdate = z.output<typeof contactTypeUpdateSchema>;

/** POST /admin/contact-types: a new type, placed after the others. */
export const contactTypeInputSchema = contactTypeUpdateSchema.extend({
  name: z
    .string({ error: ContactTypeMessages.nameRequired })
    .trim()
    .min(1, ContactTypeMessages.nameRequired)
    .max(CONTACT_TYPE_NAME_MAX, ContactTypeMessages.nameTooLong),
  required: z.boolean().default(false),
});
export type ContactTypeInput = z.output<typeof contactTypeInputSchema>;

/** Whether a contact type concerns a vendor of this type. */
export function contactTypeAppliesTo(type: Pick<ContactType, 'vendorTypes'>, vendorType: string): boolean {
  return type.vendorTypes.length === 0 || type.vendorTypes.includes(vendorType);
}

/**
 * The names of the required types, for a vendor of `vendorType`, that none of its contacts has,
 * in the types' order.
 */
export function missingContactTypes(
  types: readonly ContactType[],
  contacts: readonly Pick<Contact, 'types'>[],
  vendorType: string,
): string[] {
  const present = new Set(contacts.flatMap((c) => c.types));
  return [...types]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .filter((t) => t.required && contactTypeAppliesTo(t, vendorType) && !present.has(t.id))
    .map((t) => t.name);
}

// ---------------------------------------------------------------------------------------------
// Contacts

export const contactSchema = z.object({
  id: z.number().int(),
  /** Raised by every change; a save names the version it was made from (409 when stale). */
  version: z.number().int(),
  /** Contact type ids, in the types' order. */
  types: z.array(z.number().int()),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  email: z.string(),
  /** E.164, or empty. */
  phone: z.string(),
  /** The phone as people read it (see displayPhone), or empty. */
  phoneNational: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who changed it last, by username; empty when unknown. */
  updatedBy: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.array(contactSchema);

const requiredName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(CONTACT_NAME_MAX, tooLong);

/** The phone as typed: empty, or a valid number without an extension; the output is E.164. */
export const contactPhoneSchema = z
  .string({ error: ContactMessages.phoneInvalid })
  .trim()
  .default('')
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === '' ? '' : (parsePhone(value)?.e164 ?? '')));

/** POST /contacts, and the fields of PUT /contacts/:id. */
export const contactInputSchema = z.object({
  types: z
    .array(dbIdSchema.meta({ description: 'A contact type id' }), { error: ContactMessages.typesRequired })
    .min(1, ContactMessages.typesRequired)
    .max(CONTACT_TYPES_MAX, ContactMessages.typesTooMany)
    .transform((ids) => [...new Set(ids)]),
  firstName: requiredName(ContactMessages.firstNameRequired, ContactMessages.firstNameTooLong),
  lastName: requiredName(ContactMessages.lastNameRequired, ContactMessages.lastNameTooLong),
  title: z
    .string({ error: ContactMessages.titleTooLong })
    .trim()
    .max(CONTACT_TITLE_MAX, ContactMessages.titleTooLong)
    .default(''),
  email: z
    .string({ error: ContactMessages.emailRequired })
    .trim()
    .min(1, ContactMessages.emailRequired)
    .max(CONTACT_EMAIL_MAX, ContactMessages.emailInvalid)
    .pipe(z.email(ContactMessages.emailInvalid)),
  phone: contactPhoneSchema,
  notes: z
    .string({ error: ContactMessages.notesTooLong })
    .trim()
    .max(CONTACT_NOTES_MAX, ContactMessages.notesTooLong)
    .default(''),
});
export type ContactInput = z.output<typeof contactInputSchema>;
export type ContactInputRaw = z.input<typeof contactInputSchema>;

/** PUT /contacts/:id: the fields and the version the contact was loaded at. */
export const contactUpdateSchema = contactInputSchema.extend({
  version: z.number({ error: PrimitiveMessages.idInvalid }).int().min(1).max(2_147_483_647),
});
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

/** GET /portal/contacts: every contact of the vendor, or those of one type. */
export const contactListQuerySchema = z.object({
  type: z.coerce
    .number({ error: PrimitiveMessages.idInvalid })
    .int(PrimitiveMessages.idInvalid)
    .min(1, PrimitiveMessages.idInvalid)
    .max(2_147_483_647, PrimitiveMessages.idInvalid)
    .optional(),
});

/** A contact as the metadata names it: "First Last <email>". */
export function contactLine(contact: Pick<Contact, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return contact.email ? `${name} <${contact.email}>` : name;
}

export const ContactPaths = {
  types: '/contacts/types',
  list: '/portal/contacts',
  create: '/contacts',
  contact: (id: number) => `/contacts/${id}`,
  adminTypes: '/admin/contact-types',
  adminType: (id: number) => `/admin/contact-types/${id}`,
} as const;
