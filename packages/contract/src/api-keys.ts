import { dbIdSchema, isoDateSchema } from './primitives.ts';
import type { Role } from './roles.ts';
import { z } from './zod.ts';

/**
 * API keys: credentials a vendor's own systems use to call the API for the vendor account they
 * were made for, within their scopes. The secret is shown once and kept only as a hash; it starts
 * with a prefix that secret scanners and people can recognise.
 */

export const API_KEY_PREFIX = 'vpk_';
/** The secret after its prefix: base62, about 190 bits. */
export const API_KEY_SECRET_LENGTH = 32;
/** How many leading characters of a secret are kept in the clear to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX = 60;
export const API_KEY_MAX_DAYS = 365;
/** A rotated key's predecessor stays valid at most this long. */
export const API_KEY_OVERLAP_MAX_HOURS = 7 * 24;
export const API_KEY_RANGES_MAX = 20;
/** Active keys a vendor account may hold at once. */
export const API_KEYS_PER_VENDOR = 50;
/** The creator is mailed this many days before a key expires. */
export const API_KEY_EXPIRY_NOTICE_DAYS = 7;

/**
 * What a key may do. `read` is every read a vendor's user has; each of the others is the writes of
 * its subject. A call a key may make names the scope it needs (the OpenAPI document lists it).
 */
export const API_KEY_SCOPES = ['read', 'websites', 'forms', 'documents', 'comments'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Read websites, requests, History, forms, documents and comments.' },
  websites: {
    label: 'Websites',
    description: 'Create, change and delete websites, their teams, and requests to the MLS.',
  },
  forms: { label: 'Site Access Forms', description: 'Send, resend and void Site Access Forms.' },
  documents: { label: 'Documents', description: 'Upload and delete documents.' },
  comments: { label: 'Comments', description: 'Write comments to the MLS.' },
};

/** The overlaps a rotation offers, in hours. */
export const API_KEY_OVERLAPS = [0, 1, 24, 72, 168] as const;

export const ApiKeyMessages = {
  nameRequired: 'Enter a name for the key.',
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX} characters.`,
  nameTaken: 'Another active key of this account has that name.',
  scopesRequired: 'Choose at least one scope.',
  expiryPast: 'A key must expire after today.',
  expiryTooFar: `A key expires at most ${API_KEY_MAX_DAYS} days from today.`,
  rangeInvalid: 'Enter an address or a range such as 203.0.113.0/24.',
  rangesTooMany: `A key may list at most ${API_KEY_RANGES_MAX} address ranges.`,
  overlapTooLong: 'A rotated key stays valid at most 7 days.',
  tooMany: `An account may hold at most ${API_KEYS_PER_VENDOR} active keys; revoke one first.`,
  notActive: 'This key is already revoked or expired.',
  staffCreate: "API keys are made by the vendor's own users.",
  invalid: 'The API key is not valid, or has expired or been revoked.',
  notForKeys: 'This call is not open to API keys.',
  scopeMissing: (scope: ApiKeyScope) => `This API key does not have the "${scope}" scope.`,
} as const;

/**
 * Who makes and rotates keys: a vendor's own users. The read-only role changes nothing, and MLS
 * staff acting for a vendor see its keys and may revoke one, but a key is the vendor's to make.
 */
export const canIssueApiKeys = (role: Role): boolean => role === 'vendor';

/** True for text shaped like one of our secrets: what secret scanners and the server look for. */
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_SECRET_LENGTH}}$`);

export const isApiKeySecret = (token: string): boolean => API_KEY_PATTERN.test(token);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]{2,45}$/;

/** An address or CIDR range as typed; the server parses it fully. */
export function rangeProblem(text: string): string | null {
  const [address, bits, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return ApiKeyMessages.rangeInvalid;
  const v4 = IPV4.test(address);
  const v6 = !v4 && IPV6.test(address) && address.includes(':');
  if (!v4 && !v6) return ApiKeyMessages.rangeInvalid;
  if (bits === undefined) return null;
  if (!/^\d{1,3}$/.test(bits)) return ApiKeyMessages.rangeInvalid;
  return Number(bits) <= (v4 ? 32 : 128) ? null : ApiKeyMessages.rangeInvalid;
}

const personSchema = z.object({ username: z.string(), firstName: z.string(), lastName: z.string() });

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const apiKeySchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise it in a log. */
  shown: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  allowedRanges: z.array(z.string()),
  createdAt: z.string(),
  createdBy: personSchema.nullable(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: personSchema.nullable(),
  /** The key issued when this one was rotated. */
  replacedBy: z.number().int().nullable(),
  state: z.enum(API_KEY_STATES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

const scopesSchema = z
  .array(z.enum(API_KEY_SCOPES))
  .max(API_KEY_SCOPES.length)
  .refine((s) => s.length > 0, ApiKeyMessages.scopesRequired)
  .refine((s) => new Set(s).size === s.length, ApiKeyMessages.scopesRequired);

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, ApiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX, ApiKeyMessages.nameTooLong),
  scopes: scopesSchema,
  /** The last day the key works (UTC). */
  expiresOn: isoDateSchema,
  allowedRanges: z
    .array(z.string().max(50, ApiKeyMessages.rangeInvalid))
    .max(API_KEY_RANGES_MAX, ApiKeyMessages.rangesTooMany)
    .default([])
    .superRefine((ranges, ctx) => {
      for (const r of ranges) {
        const problem = rangeProblem(r);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return;
        }
      }
    }),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const rotateApiKeySchema = z.object({
  overlapHours: z.number().int().min(0).max(API_KEY_OVERLAP_MAX_HOURS, ApiKeyMessages.overlapTooLong),
});
export type RotateApiKey = z.infer<typeof rotateApiKeySchema>;

/** A new key and its secret, which is never shown again. */
export const issuedApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type IssuedApiKey = z.infer<typeof issuedApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: dbIdSchema });

/** The last day a new key may work, counted from `today` (YYYY-MM-DD). */
export function latestKeyExpiry(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + API_KEY_MAX_DAYS);
  return d.toISOString().slice(0, 10);
}

/** The reason an expiry day is refused, judged against `today` (YYYY-MM-DD, UTC). */
export function expiryProblem(expiresOn: string, today: string): string | null {
  if (expiresOn <= today) return ApiKeyMessages.expiryPast;
  if (expiresOn > latestKeyExpiry(today)) return ApiKeyMessages.expiryTooFar;
  return null;
}
