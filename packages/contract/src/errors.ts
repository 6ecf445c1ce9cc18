import { formatWait } from './format.ts';
import { z } from './zod.ts';

/** The one error shape every API failure answers with. */
export const apiErrorSchema = z.object({ code: z.number().int(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Business codes the client reacts to (spec §8 Session). HTTP statuses are used as codes for
 * everything else, so a client can always read `code`.
 */
export const ErrorCodes = {
  /** Token unknown, forged or ended by logout. */
  invalidToken: 50008,
  /** The session was ended elsewhere (password reset, account deactivated). */
  sessionEnded: 50012,
  /** Token expired (idle or absolute). */
  tokenExpired: 50014,
  /** A change to the sign-in methods needs the password or a second factor again first (403). */
  confirmFirst: 40310,
} as const;

/** Codes that make the client show the 'Confirm logout' dialog. */
export const LOGOUT_CODES: readonly number[] = [
  ErrorCodes.invalidToken,
  ErrorCodes.sessionEnded,
  ErrorCodes.tokenExpired,
];

export const Messages = {
  loginFailed: 'Incorrect username or password.',
  /** Failed password checks from here: how long until the next one may be tried. */
  tooManyAttempts: (waitSeconds: number) =>
    `Too many failed attempts. Please try again in ${formatWait(waitSeconds)}.`,
  /** Several password checks at once for one account from one address, or from one address. */
  tooManyChecksAtOnce: 'Too many attempts at once. Please wait a moment and try again.',
  serverBusy: 'The server is busy; please try again in a moment.',
  /** More requests from one session or address than it may send in a while. */
  tooManyRequests: 'Too many requests in a short time. Please wait a moment and try again.',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this.',
  readOnly: 'Your role is read-only; changes are not allowed.',
  vendorNotLinked: 'The selected vendor account is not linked to your user.',
  tooManyAtOnce: 'Too many requests at once. Please wait for the ones running to finish, then try again.',
  vendorSuspended: 'This vendor account is suspended. Please contact the MLS Data Licensing Department.',
  forgotPasswordSent:
    'If an account exists for that username, a password reset link has been sent to its email address.',
  resetTokenInvalid: 'This password link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'The current password is incorrect.',
  sessionInvalid: 'Your session is not valid. Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionEnded: 'Your session was ended. Please log in again.',
  logoutConfirm: 'You have been logged out, you can cancel to stay on this page, or log in again',
  logoutConfirmTitle: 'Confirm logout',
  idleLogout: 'You are now logged out due to inactivity.',
  hasError: 'Has Error',
  offline: 'You are offline. Check your connection; the page will try again when it is back.',
  unreachable: 'The portal could not be reached. Check your connection and try again.',
  serverFailed: 'Something went wrong on our side. Please try again in a moment.',
  loadFailed: 'This could not be loaded.',
  tosRequired: 'Please accept the terms of service to continue.',
  nulCharacter: 'Text may not contain NUL characters.',
  loneSurrogate: 'Text must be valid Unicode: it holds half of a character (a lone surrogate).',
} as const;
