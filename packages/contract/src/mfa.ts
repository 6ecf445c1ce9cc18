import {
  loginCodeResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  roleSchema,
} from './account.ts';
import { dbIdSchema } from './primitives.ts';
import type { Role } from './roles.ts';
import { z } from './zod.ts';

/**
 * Two-step sign-in. A password (or a login code, or an accepted invitation) alone never opens a
 * session for a user with a second factor, nor for a user whose role must have one: it answers a
 * short-lived ticket instead, which only the second step (or, for a required role without a factor,
 * enrolment) turns into a session.
 */

export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** What a sign-in's second step may be answered with. */
export const SECOND_STEP_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** A ticket between the password and the second step lasts this long. */
export const SIGN_IN_TICKET_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one ticket takes before it is void. */
export const SIGN_IN_TICKET_ATTEMPTS = 5;
/** Wrong codes per account, and per address, in a quarter of an hour before codes are refused. */
export const CODE_FAILURES_PER_ACCOUNT = 10;
export const CODE_FAILURES_PER_ADDRESS = 30;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Adding or removing a factor, or new recovery codes, needs the password or a code this recently. */
export const FACTOR_CONFIRM_MS = 10 * 60 * 1000;
/** Authenticator codes: RFC 6238 with SHA-1, six digits, 30-second steps, one step of drift each way. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
export const FACTOR_NAME_MAX = 60;
export const PASSKEYS_PER_USER = 10;

export const MfaMessages = {
  codeWrong: 'That code is not right. Please try again.',
  codeUsed: 'That code has been used already. Please wait for the next one.',
  codeFormat: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  tooManyCodes: 'Too many wrong codes. Please wait a quarter of an hour and try again.',
  ticketInvalid: 'Your sign-in has expired. Please log in again.',
  ticketSpent: 'Too many wrong codes. Please log in again.',
  passkeyFailed: 'That passkey could not be verified. Please try again.',
  passkeyUnknown: 'That passkey is not registered with the portal.',
  passkeyLimit: `You can have up to ${PASSKEYS_PER_USER} passkeys.`,
  totpExists: 'You have an authenticator app already. Remove it first to set up another.',
  enrolFirst: 'Set up the authenticator app first.',
  factorNotFound: 'That sign-in method was not found.',
  confirmFirst: 'Please confirm it is you first.',
  confirmWrong: 'That password or code is not right.',
  lastFactorRequired: 'Your role must keep a second factor. Add another before removing this one.',
  nameRequired: 'Please enter a name.',
  nameTooLong: `A name cannot be more than ${FACTOR_NAME_MAX} characters.`,
  added: 'The sign-in method has been added.',
  removed: 'The sign-in method has been removed.',
  recoveryRegenerated: 'New recovery codes are ready. The old ones no longer work.',
  staffReset: (required: boolean) =>
    required
      ? 'Two-step sign-in has been reset. The user sets it up again at the next sign-in.'
      : 'Two-step sign-in has been reset. The user logs in with their password alone until they set it up again.',
  ssoNotConfigured: 'Single sign-on is not set up.',
  ssoFailed: 'Single sign-on did not complete. Please try again.',
  ssoNoAccount: 'There is no portal account for that sign-in. Please ask the MLS for one.',
} as const;

export const FACTOR_LABELS: Record<FactorKind | 'recovery', string> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
  recovery: 'Recovery code',
};

/** Whether users of a role must have a second factor, under the configured roles. */
export function mfaRequiredFor(role: Role, requiredRoles: readonly Role[]): boolean {
  return requiredRoles.includes(role);
}

/** Six digits (spaces ignored) read as an authenticator code; anything else as a recovery code. */
export function normaliseCode(input: string): { kind: 'totp' | 'recovery'; code: string } {
  const squeezed = input.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(squeezed)) return { kind: 'totp', code: squeezed };
  return { kind: 'recovery', code: squeezed.toLowerCase() };
}

/** How a recovery code is shown: two groups of five. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const codeSchema = z
  .string({ error: MfaMessages.codeFormat })
  .trim()
  .min(6, MfaMessages.codeFormat)
  .max(40, MfaMessages.codeFormat);
const ticketSchema = z
  .string({ error: MfaMessages.ticketInvalid })
  .min(1, MfaMessages.ticketInvalid)
  .max(200);
export const factorNameSchema = z
  .string({ error: MfaMessages.nameRequired })
  .trim()
  .min(1, MfaMessages.nameRequired)
  .max(FACTOR_NAME_MAX, MfaMessages.nameTooLong);

/** A sign-in that needs its second step (or enrolment) before it becomes a session. */
export const secondStepSchema = z.object({
  secondStep: z.enum(['verify', 'enrol']),
  ticket: z.string(),
  role: roleSchema,
  /** verify: the user's methods; enrol: what may be set up. */
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

export function isSecondStep(answer: object): answer is SecondStep {
  return 'secondStep' in answer;
}

/** POST /login/verify: the ticket and an authenticator or recovery code. */
export const verifyBodySchema = z.object({ ticket: ticketSchema, code: codeSchema });
/** Ticket-only calls: passkey options, enrolment's start. */
export const signInTicketBodySchema = z.object({ ticket: ticketSchema });
/** POST /login/enrol/totp/confirm and POST /profile/factors/totp/confirm. */
export const totpConfirmBodySchema = z.object({
  ticket: /* @__PURE__ */ ticketSchema.optional(),
  code: codeSchema,
  name: /* @__PURE__ */ factorNameSchema.optional(),
});

/** The WebAuthn JSON the browser produced; the server's library checks it field by field. */
const webauthnJsonSchema = z.record(z.string(), z.unknown());
/** POST …/passkey/options answers the browser's options and the id of the challenge held. */
export const passkeyOptionsSchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
export const passkeyOptionsBodySchema = z.object({ ticket: /* @__PURE__ */ ticketSchema.optional() });
/** POST /login/passkey (and the enrolment and profile variants). */
export const passkeyAnswerBodySchema = z.object({
  ticket: /* @__PURE__ */ ticketSchema.optional(),
  challengeId: z.string().min(1).max(200),
  response: webauthnJsonSchema,
  name: /* @__PURE__ */ factorNameSchema.optional(),
});

/** A new authenticator-app secret, to scan or type; it works only once a first code confirms it. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as an SVG QR code. */
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Enrolment at sign-in ends in a session, with the recovery codes to keep. */
export const enrolledSchema = z.object({
  token: z.string(),
  role: roleSchema,
  recoveryCodes: z.array(z.string()),
});
export type Enrolled = z.infer<typeof enrolledSchema>;

export const factorSchema = z.object({
  id: dbIdSchema,
  kind: z.enum(FACTOR_KINDS),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Factor = z.infer<typeof factorSchema>;

/** GET /profile/factors: the user's methods, and what the role demands. */
export const factorsSchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  /** Until when factor changes need no new confirmation (ISO), or null. */
  confirmedUntil: z.string().nullable(),
});
export type Factors = z.infer<typeof factorsSchema>;

/** POST /profile/factors/confirm: the password, or an authenticator or recovery code. */
export const confirmBodySchema = z
  .object({
    password: z.string().max(512).optional(),
    code: /* @__PURE__ */ codeSchema.optional(),
  })
  .refine((b) => !!b.password !== !!b.code, { message: MfaMessages.confirmWrong });
export const confirmedSchema = z.object({ confirmedUntil: z.string() });

/** The console's view of a user's two-step sign-in. */
export const staffFactorsSchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type StaffFactors = z.infer<typeof staffFactorsSchema>;

/** POST /login: a session, or the second step it still needs. */
export const loginAnswerSchema = z.union([loginResponseSchema, secondStepSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
/** POST /login/code: as a login, with whose account the code opened. */
export const loginCodeAnswerSchema = z.union([
  loginCodeResponseSchema,
  /* @__PURE__ */ secondStepSchema.extend({ username: z.string() }),
]);
export type LoginCodeAnswer = z.infer<typeof loginCodeAnswerSchema>;
/** PUT /profile/register: as a login, with its message. */
export const registerAnswerSchema = z.union([
  registerResponseSchema,
  /* @__PURE__ */ secondStepSchema.extend({ message: z.string() }),
]);
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** GET /login/sso: whether the sign-in page offers single sign-on, and what it calls it. */
export const ssoInfoSchema = z.object({ enabled: z.boolean(), name: z.string().nullable() });
export type SsoInfo = z.infer<typeof ssoInfoSchema>;
/** GET /login/sso/start: where the sign-in should come back to. */
export const ssoStartQuerySchema = z.object({ redirect: z.string().max(2000).optional() });
/** POST /login/sso/finish: the one-time code the provider's return left in the address. */
export const ssoFinishBodySchema = z.object({ code: z.string().min(1, MfaMessages.ssoFailed).max(200) });
/** What the sign-in page says when single sign-on came back without a sign-in (`?ssoError=`). */
export const SSO_ERRORS: Record<string, string> = {
  failed: MfaMessages.ssoFailed,
  'no-account': MfaMessages.ssoNoAccount,
};
