import {
  Messages,
  signingViewSchema,
  signResultSchema,
  signatureActionResponseSchema,
  verifyResultSchema,
  type SignBody,
  type SigningView,
  type VerifyResult,
} from '@vp/contract';
import { API_ROOT, ApiError, request } from '../../lib/http.ts';

/**
 * The public signing link and verify calls. None of them carries the session: the token in the
 * path is the signer's credential, and verifying needs none.
 */
const open = { auth: false, session: false } as const;

const signPath = (token: string) => `/sign/${encodeURIComponent(token)}`;

/** The signing page's address for a token, and back. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/sign\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** A refusal that ends the signing page (the link is wrong or spent) rather than a form message. */
export function isLinkRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.status === 404 || err.status === 410);
}

export function documentUrl(token: string): string {
  return `${API_ROOT}${signPath(token)}/document`;
}

export async function fetchSigningView(token: string): Promise<SigningView> {
  return signingViewSchema.parse(await request<unknown>(signPath(token), open));
}

export async function giveConsent(token: string): Promise<void> {
  await request<unknown>(`${signPath(token)}/consent`, { ...open, method: 'POST', body: { consent: true } });
}

export async function sign(token: string, body: SignBody): Promise<{ message: string; completed: boolean }> {
  return signResultSchema.parse(await request<unknown>(signPath(token), { ...open, method: 'POST', body }));
}

export async function decline(token: string, reason: string): Promise<{ message: string }> {
  return signatureActionResponseSchema.parse(
    await request<unknown>(`${signPath(token)}/decline`, { ...open, method: 'POST', body: { reason } }),
  );
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  sha256Fingerprint: string;
}

export async function fetchCertificate(): Promise<CertificateInfo> {
  const body = await request<Partial<CertificateInfo> | undefined>('/verify/certificate', open);
  const fields = ['subject', 'issuer', 'validFrom', 'validTo', 'sha256Fingerprint'] as const;
  if (!body || fields.some((f) => typeof body[f] !== 'string')) throw new ApiError(0, 0, Messages.hasError);
  return body as CertificateInfo;
}

/** Sends a file as the multipart field `file`; the JSON helper does not do multipart. */
export async function verifyPdf(file: File): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_ROOT}/verify`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 0, navigator.onLine === false ? Messages.offline : Messages.unreachable);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return verifyResultSchema.parse(body);
  const message =
    res.status < 500 &&
    body &&
    typeof body === 'object' &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : res.status === 413
        ? 'This file is too large to verify.'
        : Messages.serverFailed;
  throw new ApiError(res.status, res.status, message);
}
