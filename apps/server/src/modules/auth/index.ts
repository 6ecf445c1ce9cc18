/** Login, logout, password reset and invitations. */
export { authRoutes } from './routes.ts';
export { type AuthService } from './service.ts';
export { mailInvitation, mailPasswordReset, revokeLinks, type LinkRecipient } from './mailed-links.ts';
export { spendCredentials, type CredentialEvent } from './credentials.ts';
