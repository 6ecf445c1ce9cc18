/** Login, logout, password reset and invitations. */
export { authRoutes } from './routes.ts';
export { INVITE_TOKEN_TTL_MS, type AuthService } from './service.ts';
