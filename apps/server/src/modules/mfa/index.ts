/** Two-step sign-in: second factors, recovery codes, passkeys, and the step between password and session. */
export { mfaRoutes } from './routes.ts';
export { mfaService, type FirstStep, type MfaService } from './service.ts';
export { totpCode } from './codes.ts';
