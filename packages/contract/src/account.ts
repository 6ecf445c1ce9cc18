import { THEME_CHOICES } from './colors.ts';
import { PRODUCT_NAME } from './constants.ts';
import { ROLES } from './roles.ts';
import { z } from './zod.ts';

export const roleSchema = z.enum(ROLES);

const trimmed = (max: number) => z.string().trim().max(max);

export const usernameSchema = z
  .string({ error: 'Please enter your username.' })
  .trim()
  .min(1, 'Please enter your username.')
  .max(100, 'Username cannot be more than 100 characters.');

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** The fewest different characters a password must use: `aaaaaaaaaa` or `1212121212` are refused. */
export const PASSWORD_MIN_DISTINCT = 4;

/** The start of every refusal that says how a password is too easy to guess. */
const TOO_EASY = 'This password is too easy to guess.';

export const PasswordMessages = {
  blank: 'Password cannot be only spaces.',
  distinct: `Password must use at least ${PASSWORD_MIN_DISTINCT} different characters.`,
  repeated: 'Password cannot be one group of characters repeated, such as "abcdabcd".',
  sequence: 'Password cannot be a run of consecutive characters, such as "12345678" or "abcdefgh".',
  hasUsername: 'Password cannot contain your username.',
  ownWords:
    "Password cannot be made of your name, username, email address, company name or the portal's name, even with digits or separators added.",
  common: 'This password is one of the most commonly used ones. Please choose another.',
  /** The strength estimate's reason and advice, where it gives them. */
  weak: (reason: string | null, advice: string) => [TOO_EASY, reason, advice].filter(Boolean).join(' '),
} as const;

/** Whether a message is one of the password refusals above: the web shows it under the field. */
export function isPasswordRefusal(message: string): boolean {
  return (
    message.startsWith(TOO_EASY) ||
    Object.values(PasswordMessages).some((m) => typeof m === 'string' && m === message)
  );
}

/** The same characters over and over: "1234512345", "abcdabcdab" (a repeat may end part-way). */
export function isRepeatedPattern(password: string): boolean {
  const p = password.toLowerCase();
  for (let period = 1; period <= p.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < p.length && repeats; i++) repeats = p[i] === p[i - period];
    if (repeats) return true;
  }
  return false;
}

/**
 * One run of consecutive characters, up or down: "0123456789", "9876543210", "abcdefghij". Digits
 * run on round 9 to 0 ("5678901234").
 */
export function isSequence(password: string): boolean {
  const codes = [...password.toLowerCase()].map((c) => c.codePointAt(0)!);
  const digits = /^\d+$/.test(password);
  const step = (a: number, b: number) => (digits ? (((b - a) % 10) + 10) % 10 : b - a);
  if (codes.length < 2) return false;
  const first = step(codes[0]!, codes[1]!);
  if (first !== 1 && first !== (digits ? 9 : -1)) return false;
  return codes.every((c, i) => i === 0 || step(codes[i - 1]!, c) === first);
}

export const passwordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password cannot be more than ${PASSWORD_MAX} characters.`)
  .refine((p) => p.trim() !== '', PasswordMessages.blank)
  .refine((p) => new Set(p).size >= PASSWORD_MIN_DISTINCT, PasswordMessages.distinct)
  .refine((p) => !isRepeatedPattern(p), PasswordMessages.repeated)
  .refine((p) => !isSequence(p), PasswordMessages.sequence);

/** Whether a password holds the username, whatever the case (usernames under 3 characters aside). */
export function passwordHasUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length >= 3 && password.toLowerCase().includes(name);
}

export const loginResponseSchema = z.object({ token: z.string(), role: roleSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** How long a one-time login code works. */
export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;

/**
 * A link's login code never logs anyone in by itself: the page it opens shows whose account it is
 * and asks first, also when nobody is logged in, and only the confirmation uses the code.
 */
export const LoginCodeMessages = {
  invalid: 'This login link is invalid or has expired. Please log in.',
  checking: 'Checking the login link…',
  title: (name: string) => `Continue as ${name}?`,
  intro: `This link logs you in to the ${PRODUCT_NAME} as the account below. Continue only if it is your own.`,
  signedIn: (current: string) =>
    `You are logged in as ${current} on this browser. Continuing logs ${current} out here.`,
  confirm: (name: string) => `Continue as ${name}`,
  cancel: 'Cancel',
} as const;

/** How a login code's account is named on the page that asks: its full name, else its username. */
export function loginCodeName(account: { username: string; firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`.trim() || account.username;
}

/** POST /login/code and /login/code/account: the one-time code a link carried. */
export const loginCodeBodySchema = z.object({ code: z.string().min(1, LoginCodeMessages.invalid).max(200) });
/** POST /login/code: the session of a confirmed code, with whose it is. */
export const loginCodeResponseSchema = loginResponseSchema.extend({ username: z.string() });
export type LoginCodeResponse = z.infer<typeof loginCodeResponseSchema>;
/** POST /login/code/account: whose account a code opens, shown before anyone confirms it. */
export const loginCodeAccountSchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type LoginCodeAccount = z.infer<typeof loginCodeAccountSchema>;
/** POST /login/code/new: a code for the current user, to hand to another app or window. */
export const newLoginCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });

export const forgotPasswordBodySchema = z.object({ username: usernameSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** PUT /profile/resetpassword: the token from the mailed link, and the new password. */
export const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'The password link is missing its token.').max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** PUT /profile/register: bearer is the invitation token. */
export const registerBodySchema = z.object({
  password: passwordSchema,
  firstName: trimmed(100).optional(),
  lastName: trimmed(100).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** GET /profile/register (bearer: the invitation token): whom the invitation is for. */
export const invitedAccountSchema = z.object({
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type InvitedAccount = z.infer<typeof invitedAccountSchema>;

/** PUT /profile/register answers its message and a session of the new account, signed in. */
export const registerResponseSchema = loginResponseSchema.extend({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** A theme choice as the profile carries it (kept apart from the schemas: the login page reads it). */
export const themeChoiceSchema = z.enum(THEME_CHOICES, { error: 'Please choose Device, Light or Dark.' });

/** PUT /profile/preferences/display: how the portal looks to the user, in every browser. */
export const displayPreferencesSchema = z.strictObject({ theme: themeChoiceSchema });
export type DisplayPreferences = z.infer<typeof displayPreferencesSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  rolename: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  vendor: z.number().int().nullable(),
  acceptedTOS: z.boolean(),
  active: z.boolean(),
  avatar: z.string().nullable(),
  /** A new address waiting for its confirmation link to be opened; the email stays until then. */
  pendingEmail: z.string().nullable(),
  /** The theme kept with the account, so it follows the user to every browser. */
  theme: themeChoiceSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const EmailChangeMessages = {
  passwordRequired: 'Please enter your current password to change your email address.',
  taken: 'This email address is used by another account.',
  sent: (address: string) =>
    `A confirmation link has been sent to ${address}. Your email address changes when you open it.`,
  linkInvalid: 'This email link is invalid or has expired. Please change your email address again.',
  changed: 'Your email address has been changed.',
} as const;

/** The profile picture (PUT /profile/avatar): sniffed, limited, and resized by the server. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Width and height of the stored picture, in pixels. */
export const AVATAR_SIZE = 256;

export const AvatarMessages = {
  notImage: 'The picture must be a PNG, JPEG or WebP image.',
  tooLarge: 'The picture must be 2 MB or smaller.',
  unreadable: 'This picture could not be read. Please choose another.',
  tooSmall: 'The picture must be at least 16 pixels wide and high.',
  saved: 'Your picture has been saved.',
  removed: 'Your picture has been removed.',
} as const;

/** POST /profile/email/confirm: the token of the link mailed to the new address. */
export const emailConfirmBodySchema = z.object({
  token: z.string().min(1, EmailChangeMessages.linkInvalid).max(200),
});
export type EmailConfirmBody = z.infer<typeof emailConfirmBodySchema>;

/**
 * PUT /profile. The spec's payload carries the whole profile; only names, email and (with the
 * current password) a new password are editable. Other fields are accepted and ignored.
 */
export const profileUpdateSchema = z
  .object({
    email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
    firstName: trimmed(100).min(1, 'Please enter your first name.'),
    lastName: trimmed(100).min(1, 'Please enter your last name.'),
    password: passwordSchema.optional(),
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .loose()
  .refine((v) => !v.password || !!v.currentPassword, {
    message: 'Please enter your current password to set a new one.',
    path: ['currentPassword'],
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const linkedAccountSchema = z.object({
  rowKey: z.number().int(),
  licensee: z.string(),
  /** The vendor's code, shown beside the licensee: two accounts' names can read the same once cut. */
  vendorCode: z.string(),
  status: z.boolean(),
  isPrimary: z.boolean(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

export const tosSchema = z.object({ version: z.string(), effectiveDate: z.string(), text: z.string() });
export type TermsOfService = z.infer<typeof tosSchema>;

export const metadataSchema = z.object({
  totalSites: z.number().int(),
  sitesActive: z.number().int(),
  sitesInactive: z.number().int(),
  sitesPendingActivation: z.number().int(),
  sitesPendingTermination: z.number().int(),
  subAccounts: z.number().int(),
  vendorCode: z.string(),
  vendorType: z.string(),
  vendorName: z.string(),
  technicalContact: z.string(),
  billingContact: z.string(),
  feedType: z.string(),
  missingDocs: z.number().int(),
  /** The vendor-level document types (by name) required of the vendor that it has none of on file. */
  missingDocTypes: z.array(z.string()),
  missingSiteDocs: z.number().int(),
  /** The vendor's websites with an open compliance finding. */
  sitesWithFindings: z.number().int(),
  /** The required contact types (by name) of which the vendor has no key contact. */
  missingContactTypes: z.array(z.string()),
  reciprocalAllowed: z.boolean(),
  permissionAudit: z.boolean(),
  isConsumer: z.boolean(),
  isProvider: z.boolean(),
});
export type Metadata = z.infer<typeof metadataSchema>;

export const TICKET_CATEGORIES = [
  'Question',
  'Problem',
  'Feature Request',
  'Data Licensing',
  'Other',
] as const;
export const ticketBodySchema = z.object({
  subject: z
    .string({ error: 'Please enter a subject.' })
    .trim()
    .min(1, 'Please enter a subject.')
    .max(200, 'Subject cannot be more than 200 characters.'),
  category: z.enum(TICKET_CATEGORIES, { error: 'Please select a category.' }),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Message cannot be more than 5000 characters.'),
});
export type TicketBody = z.infer<typeof ticketBodySchema>;

/** Feedback one user may send in an hour: each is mailed to the MLS's support address. */
export const TICKETS_PER_HOUR = 10;
export const TicketMessages = {
  tooMany: `You have sent ${TICKETS_PER_HOUR} messages in the last hour, the most an hour allows. Please try again later, or write to the MLS Data Licensing Department.`,
} as const;
