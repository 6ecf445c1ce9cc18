import { DOCUMENT_TYPE_SCOPES, documentTypeSchema } from './documents.ts';
import { dbIdSchema, PrimitiveMessages } from './primitives.ts';
import { roleSchema } from './account.ts';
import type { Role } from './roles.ts';
import { productSchema } from './website.ts';
import { z } from './zod.ts';

/**
 * The MLS staff console's accounts: vendors (with their sub-accounts and figures), the users who log
 * in to them (invitations, roles, deactivation, password resets) and the document types vendors
 * are asked for. Only the admin role reaches these calls; anyone else gets 404.
 */

// ---------------------------------------------------------------------------------------------
// Shared

const listPage = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(200).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
};

/** Page sizes the console's tables offer. */
export const STAFF_PAGE_SIZES = [25, 50, 100] as const;

const idRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const staffIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: PrimitiveMessages.idInvalid })
    .int(PrimitiveMessages.idInvalid)
    .min(1, PrimitiveMessages.idInvalid)
    .max(2_147_483_647, PrimitiveMessages.idInvalid),
});

/**
 * - active: may log in;
 * - invited: has not registered yet (whatever became of the invitation);
 * - deactivated: registered, then deactivated by MLS staff.
 */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

// ---------------------------------------------------------------------------------------------
// Vendors

/** The licence a vendor holds: IDX (public display) or VOW (a virtual office website). */
export const VENDOR_TYPES = ['IDX Vendor', 'VOW Vendor'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];
export const VENDOR_TYPE_LABELS: Record<VendorType, string> = { 'IDX Vendor': 'IDX', 'VOW Vendor': 'VOW' };

export const VENDOR_STATUSES = ['active', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
};

/** Feeds the MLS offers; the field takes any other name too. */
export const FEED_TYPE_SUGGESTIONS = ['RESO Web API', 'RETS'] as const;

export const VENDOR_CODE_MAX = 20;
export const VENDOR_SORT_FIELDS = ['name', 'code', 'lastActivity'] as const;

export const VendorMessages = {
  nameRequired: "Please enter the vendor's name.",
  nameTooLong: "The vendor's name can be at most 200 characters.",
  codeRequired: 'Please enter a vendor code.',
  codeTooLong: `A vendor code can be at most ${VENDOR_CODE_MAX} characters.`,
  codeFormat: 'A vendor code starts with a letter or digit and uses only letters, digits and hyphens.',
  codeTaken: 'Another vendor already has this code.',
  typeRequired: 'Please choose the vendor type: IDX or VOW.',
  feedTooLong: 'The feed type can be at most 60 characters.',
  contactTooLong: 'A contact can be at most 200 characters.',
  linkSelf: 'A vendor cannot be its own primary account.',
  linkUnknown: 'The primary account chosen does not exist.',
  linkToSubAccount: 'The account chosen is itself a sub-account; choose a primary account.',
  linkHasSubAccounts: 'This vendor has sub-accounts of its own, so it cannot become a sub-account.',
  created: (code: string) => `Vendor ${code} created`,
  saved: (code: string) => `Vendor ${code} saved`,
  suspended: (code: string) => `Vendor ${code} suspended`,
  reinstated: (code: string) => `Vendor ${code} reinstated`,
  alreadySuspended: 'This vendor is already suspended.',
  notSuspended: 'This vendor is not suspended.',
  /** What suspension does, as the server carries it out (scope, sessions, live channel, notices). */
  suspensionEffects: [
    "The vendor's users can no longer work in this account: whatever they try there is refused with \u201cThis vendor account is suspended. Please contact the MLS Data Licensing Department.\u201d",
    'Screens they have open for this account stop updating at once.',
    "Its users receive no notifications about this account's websites while it is suspended.",
    'They can still log in, see their profile, log out, and work in other accounts linked to them.',
    'Its websites, documents and History stay as they are, and MLS staff can still open the account.',
  ],
  reinstateEffect: "Reinstating gives the vendor's users back their access to this account at once.",
} as const;

/** Letters, digits and hyphens, upper-cased: "sws-w" is stored as "SWS-W". */
export const vendorCodeSchema = z
  .string({ error: VendorMessages.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, VendorMessages.codeRequired)
  .max(VENDOR_CODE_MAX, VendorMessages.codeTooLong)
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, VendorMessages.codeFormat);

const contact = z.string().trim().max(200, VendorMessages.contactTooLong).default('');

/** POST /admin/vendors and PUT /admin/vendors/:id: everything a vendor is, but its status. */
export const vendorInputSchema = z.object({
  name: z
    .string({ error: VendorMessages.nameRequired })
    .trim()
    .min(1, VendorMessages.nameRequired)
    .max(200, VendorMessages.nameTooLong),
  code: vendorCodeSchema,
  type: z.enum(VENDOR_TYPES, { error: VendorMessages.typeRequired }),
  /** Receives listing data. */
  isConsumer: z.boolean().default(false),
  /** Provides listing data. */
  isProvider: z.boolean().default(false),
  reciprocalAllowed: z.boolean().default(false),
  permissionAudit: z.boolean().default(false),
  feedType: z.string().trim().max(60, VendorMessages.feedTooLong).default(''),
  technicalContact: contact,
  billingContact: contact,
  /** The primary account this one is a sub-account of; null for a primary (or standalone) account. */
  parentId: dbIdSchema.nullable().default(null),
});
export type VendorInput = z.input<typeof vendorInputSchema>;
export type VendorValues = z.output<typeof vendorInputSchema>;

export const siteCountsSchema = z.object({
  active: z.number().int(),
  pendingActivation: z.number().int(),
  pendingTermination: z.number().int(),
  inactive: z.number().int(),
  total: z.number().int(),
});
export type SiteCounts = z.infer<typeof siteCountsSchema>;

export const vendorSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** As stored; accounts made before the console may hold another name than VENDOR_TYPES. */
  type: z.string(),
  isConsumer: z.boolean(),
  isProvider: z.boolean(),
  reciprocalAllowed: z.boolean(),
  permissionAudit: z.boolean(),
  feedType: z.string(),
  technicalContact: z.string(),
  billingContact: z.string(),
  status: z.enum(VENDOR_STATUSES),
  parent: idRef.nullable(),
  subAccounts: z.number().int(),
  /** Active users linked to the account. */
  users: z.number().int(),
  sites: siteCountsSchema,
  /** Vendor-level types required of every vendor that it has none of. */
  missingDocs: z.number().int(),
  /** Its websites that lack a document they need (as the dashboard counts them). */
  missingSiteDocs: z.number().int(),
  /** The latest change recorded on its websites or the latest visit of one of its users. */
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const vendorListQuerySchema = z.object({
  ...listPage,
  status: z.enum(VENDOR_STATUSES).optional(),
  sort: z.enum(VENDOR_SORT_FIELDS).default('name'),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;
export type VendorListParams = z.output<typeof vendorListQuerySchema>;
export const vendorListSchema = z.object({ items: z.array(vendorSummarySchema), total: z.number().int() });
export type VendorList = z.infer<typeof vendorListSchema>;

/** A user as a vendor's page lists them. */
export const vendorUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUSES),
  isPrimary: z.boolean(),
});

export const vendorDetailSchema = vendorSummarySchema.extend({
  subAccountList: z.array(idRef.extend({ status: z.enum(VENDOR_STATUSES) })),
  userList: z.array(vendorUserSchema),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

/** The vendors a Select offers (primary accounts, a user's linked accounts). */
export const vendorOptionSchema = idRef.extend({
  status: z.enum(VENDOR_STATUSES),
  parentId: z.number().int().nullable(),
});
export const vendorOptionListSchema = z.array(vendorOptionSchema);
export type VendorOption = z.infer<typeof vendorOptionSchema>;

export const savedVendorSchema = z.object({ id: z.number().int(), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Users and invitations

/** The roles the console gives; MLS staff accounts are not made here. */
export const MANAGED_ROLES = ['vendor', 'viewer'] as const satisfies readonly Role[];
export type ManagedRole = (typeof MANAGED_ROLES)[number];

export const INVITATION_STATES = ['pending', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export const UserMessages = {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'This email address is used by another account.',
  usernameRequired: 'Please enter a username.',
  usernameFormat: 'A username is 3 to 60 characters: letters, digits, dots, hyphens, underscores and @ only.',
  usernameTaken: 'This username is taken.',
  nameTooLong: 'A name can be at most 100 characters.',
  roleRequired: 'Please choose the role: Vendor or Vendor (read-only).',
  primaryRequired: 'Please choose the vendor account the user belongs to.',
  vendorUnknown: 'One of the vendor accounts chosen does not exist.',
  tooManyVendors: 'A user can be linked to at most 50 vendor accounts.',
  invited: (email: string) => `Invitation sent to ${email}`,
  invitationResent: (email: string) => `Invitation sent again to ${email}`,
  invitationRevoked: 'Invitation revoked',
  noPendingInvitation: 'There is no invitation waiting to be used.',
  notInvited: 'This user has already registered; an invitation is only for users who have not.',
  noEmail: 'This user has no email address to send to.',
  roleChanged: (role: string) => `Role changed to ${role}. Their open sessions have ended.`,
  roleUnchanged: 'The user already has this role.',
  deactivated: (username: string) => `${username} is deactivated. Their sessions have ended.`,
  reactivated: (username: string) => `${username} is active again.`,
  alreadyDeactivated: 'This user is already deactivated.',
  notDeactivated: 'This user is not deactivated.',
  invitedNotDeactivatable: 'This user has not registered yet: revoke the invitation instead.',
  resetSent: (email: string) => `A password reset link has been sent to ${email}.`,
  resetNeedsActive: 'This user is not active; reactivate them before sending a password reset.',
  resetNotRegistered: 'This user has not registered yet: send the invitation again instead.',
  vendorsSaved: 'Linked vendor accounts saved',
  lastAdmin:
    'This is the last active MLS administrator. Another administrator must exist before this account can be deactivated or given another role.',
  notYourself:
    'You cannot deactivate your own account or change your own role. Ask another MLS administrator.',
  roleChangeEffect: 'Their open sessions end, so the new role applies at once.',
  deactivateEffect:
    'They can no longer log in; their open sessions and live updates end at once, on every server. Pending links mailed to them stop working.',
  invitationInvalid:
    'This invitation link is invalid, has expired or was withdrawn. Please ask the MLS for a new one.',
} as const;

const usernameField = z
  .string({ error: UserMessages.usernameRequired })
  .trim()
  .min(1, UserMessages.usernameRequired)
  .regex(/^[A-Za-z0-9._@-]{3,60}$/, UserMessages.usernameFormat);

const emailField = z
  .string({ error: UserMessages.emailRequired })
  .trim()
  .min(1, UserMessages.emailRequired)
  .max(254, UserMessages.emailInvalid)
  .pipe(z.email(UserMessages.emailInvalid));

const nameField = z.string().trim().max(100, UserMessages.nameTooLong).default('');

const managedRoleSchema = z.enum(MANAGED_ROLES, { error: UserMessages.roleRequired });

/** A user's linked vendor accounts: the primary one and any others. */
export const userVendorsInputSchema = z.object({
  primaryVendorId: z
    .number({ error: UserMessages.primaryRequired })
    .int(UserMessages.primaryRequired)
    .min(1, UserMessages.primaryRequired)
    .max(2_147_483_647, UserMessages.primaryRequired)
    .meta({ description: 'The account the user acts for by default' }),
  otherVendorIds: z.array(dbIdSchema).max(49, UserMessages.tooManyVendors).default([]),
});
export type UserVendorsInput = z.input<typeof userVendorsInputSchema>;

export const invitationInputSchema = z
  .object({
    email: emailField,
    username: usernameField,
    firstName: nameField,
    lastName: nameField,
    role: managedRoleSchema,
  })
  .extend(userVendorsInputSchema.shape);
export type InvitationInput = z.input<typeof invitationInputSchema>;
export type InvitationValues = z.output<typeof invitationInputSchema>;

export const roleInputSchema = z.object({ role: managedRoleSchema });
export type RoleInput = z.input<typeof roleInputSchema>;

export const invitationSchema = z.object({
  state: z.enum(INVITATION_STATES),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const userLinkSchema = idRef.extend({
  isPrimary: z.boolean(),
  /** The link is switched on and the vendor is not suspended. */
  active: z.boolean(),
  suspended: z.boolean(),
});

export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUSES),
  vendors: z.array(userLinkSchema),
  /** The latest request of any of their sessions. */
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  /** The latest invitation of a user who has not registered; null for the others. */
  invitation: invitationSchema.nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListQuerySchema = z.object({
  ...listPage,
  role: roleSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
  vendor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListParams = z.output<typeof userListQuerySchema>;
export const userListSchema = z.object({ items: z.array(userSummarySchema), total: z.number().int() });
export type UserList = z.infer<typeof userListSchema>;

export const createdUserSchema = z.object({ id: z.number().int(), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Document types

export const DocumentTypeAdminMessages = {
  messagingRequired: 'A messaging type is attached to messages; it cannot be required of vendors or sites.',
  messagingScope: 'A messaging type is offered on every message; its scope is Any.',
  vendorScope: 'A type required of vendors must be allowed on the account: choose the scope Vendor or Any.',
  siteScope: 'A type required for sites must be allowed on websites: choose the scope Website or Any.',
  productsWithoutSites: 'Choose products only for a type required for sites.',
  vendorTypesWithoutRequirement: 'Choose vendor types only for a type required for vendors or for sites.',
  productUnknown: 'One of the products chosen does not exist.',
  signedScope: 'This type is signed in the portal on a website; its scope stays Website.',
  kindFixed: 'A type cannot move between files and messages; add a new type instead.',
  created: (type: string) => `Document type ${type} added`,
  saved: (type: string) => `Document type ${type} saved`,
} as const;

const documentTypeFields = {
  type: z
    .string({ error: 'Please enter a file type name.' })
    .trim()
    .min(1, 'Please enter a file type name.')
    .max(60, 'A file type name cannot be more than 60 characters.'),
  scope: z.enum(DOCUMENT_TYPE_SCOPES, { error: 'Please choose where the type belongs.' }).default('any'),
  requiredForVendor: z.boolean().default(false),
  requiredForSites: z.boolean().default(false),
  requiredForProducts: z.array(dbIdSchema).max(50).default([]),
  /** The vendor types the requirements apply to; empty: every type. */
  requiredVendorTypes: z
    .array(z.enum(VENDOR_TYPES, { error: 'Please choose a known vendor type.' }))
    .max(VENDOR_TYPES.length)
    .default([]),
  /** Offered on messages (comments) rather than in the Files tab. */
  messaging: z.boolean().default(false),
};

/** The first rule a document type's settings break, or null. */
export function documentTypeRefusal(input: {
  messaging: boolean;
  scope: (typeof DOCUMENT_TYPE_SCOPES)[number];
  requiredForVendor: boolean;
  requiredForSites: boolean;
  requiredForProducts: readonly number[];
  requiredVendorTypes?: readonly string[];
}): {
  message: string;
  field: 'scope' | 'requiredForVendor' | 'requiredForSites' | 'requiredForProducts' | 'requiredVendorTypes';
} | null {
  const M = DocumentTypeAdminMessages;
  if (input.messaging) {
    if (input.requiredForVendor) return { message: M.messagingRequired, field: 'requiredForVendor' };
    if (input.requiredForSites) return { message: M.messagingRequired, field: 'requiredForSites' };
    if (input.requiredForProducts.length)
      return { message: M.messagingRequired, field: 'requiredForProducts' };
    if (input.requiredVendorTypes?.length)
      return { message: M.messagingRequired, field: 'requiredVendorTypes' };
    if (input.scope !== 'any') return { message: M.messagingScope, field: 'scope' };
    return null;
  }
  if (input.requiredForVendor && input.scope === 'website') return { message: M.vendorScope, field: 'scope' };
  if (input.requiredForSites && input.scope === 'vendor') return { message: M.siteScope, field: 'scope' };
  if (input.requiredForProducts.length && !input.requiredForSites)
    return { message: M.productsWithoutSites, field: 'requiredForProducts' };
  if (input.requiredVendorTypes?.length && !input.requiredForVendor && !input.requiredForSites)
    return { message: M.vendorTypesWithoutRequirement, field: 'requiredVendorTypes' };
  return null;
}

export const documentTypeInputSchema = z.object(documentTypeFields).superRefine((v, ctx) => {
  const refusal = documentTypeRefusal(v);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal.message, path: [refusal.field] });
});
export type DocumentTypeInput = z.input<typeof documentTypeInputSchema>;
export type DocumentTypeValues = z.output<typeof documentTypeInputSchema>;

export const adminDocumentTypeSchema = documentTypeSchema.extend({
  messaging: z.boolean(),
  /** Documents of this type on file (voided ones included). */
  documents: z.number().int(),
});
export type AdminDocumentType = z.infer<typeof adminDocumentTypeSchema>;

export const adminDocumentTypesSchema = z.object({
  types: z.array(adminDocumentTypeSchema),
  /** The products a site requirement may name. */
  products: z.array(productSchema),
});
export type AdminDocumentTypes = z.infer<typeof adminDocumentTypesSchema>;

export const savedDocumentTypeSchema = z.object({ type: adminDocumentTypeSchema, message: z.string() });

// ---------------------------------------------------------------------------------------------
// What staff changed (and, on a vendor's record, the changes of its key contacts, by whoever made them)

export const ACCOUNT_CHANGE_KINDS = [
  'vendor.created',
  'vendor.updated',
  'vendor.suspended',
  'vendor.reinstated',
  'user.invited',
  'user.invitation_resent',
  'user.invitation_revoked',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_reset_sent',
  'user.vendors_changed',
  'user.factors_reset',
  'document_type.created',
  'document_type.updated',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact_type.created',
  'contact_type.updated',
] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

export const ACCOUNT_CHANGE_SUBJECTS = ['vendor', 'user', 'document_type', 'contact_type'] as const;
export type AccountChangeSubject = (typeof ACCOUNT_CHANGE_SUBJECTS)[number];

export const accountChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
  description: z.string(),
  /** The MLS staff member who made the change, as named when they made it. */
  actor: z.string(),
  at: z.string(),
});
export const accountChangeListSchema = z.array(accountChangeSchema);
export type AccountChange = z.infer<typeof accountChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Paths

/** The console's account calls, under /api. Every one answers 404 to anyone but the admin role. */
export const StaffAccountPaths = {
  vendors: '/admin/vendors',
  vendorOptions: '/admin/vendors/options',
  vendor: (id: number) => `/admin/vendors/${id}`,
  vendorHistory: (id: number) => `/admin/vendors/${id}/history`,
  suspendVendor: (id: number) => `/admin/vendors/${id}/suspend`,
  reinstateVendor: (id: number) => `/admin/vendors/${id}/reinstate`,
  users: '/admin/users',
  user: (id: number) => `/admin/users/${id}`,
  userHistory: (id: number) => `/admin/users/${id}/history`,
  userRole: (id: number) => `/admin/users/${id}/role`,
  userVendors: (id: number) => `/admin/users/${id}/vendors`,
  deactivateUser: (id: number) => `/admin/users/${id}/deactivate`,
  reactivateUser: (id: number) => `/admin/users/${id}/reactivate`,
  passwordReset: (id: number) => `/admin/users/${id}/password-reset`,
  invitations: '/admin/invitations',
  resendInvitation: (userId: number) => `/admin/invitations/${userId}/resend`,
  invitation: (userId: number) => `/admin/invitations/${userId}`,
  documentTypes: '/admin/document-types',
  documentType: (id: number) => `/admin/document-types/${id}`,
} as const;
