import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the PostgreSQL pool size', () => {
  it('is 10 connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it('refuses a size that is not a whole number from 2 to 500, naming the variable', () => {
    for (const bad of ['1', '501', '2.5', 'many'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        /^Invalid environment variable DATABASE_POOL_SIZE: /,
      );
  });
});

describe('the roster source', () => {
  it('must be https, unless plain http is allowed outright (a local test server)', () => {
    expect(() => loadConfig({ ROSTER_URL: 'http://reso.example/odata' })).toThrow(
      /^Invalid environment variable ROSTER_URL: must be an https:\/\/ address/,
    );
    expect(() =>
      loadConfig({ ROSTER_URL: 'https://reso.example/odata', ROSTER_TOKEN_URL: 'http://reso.example/token' }),
    ).toThrow(/^Invalid environment variable ROSTER_TOKEN_URL: /);
    expect(loadConfig({ ROSTER_URL: 'https://reso.example/odata/' }).roster?.url).toBe(
      'https://reso.example/odata',
    );
    expect(loadConfig({ ROSTER_URL: 'http://127.0.0.1:9/odata', ROSTER_ALLOW_HTTP: '1' }).roster?.url).toBe(
      'http://127.0.0.1:9/odata',
    );
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  it('requires MLS staff by default, takes a list of roles or none, and refuses anything else', () => {
    expect(loadConfig({}).mfaRequiredRoles).toEqual(['admin']);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'admin, vendor' }).mfaRequiredRoles).toEqual(['admin', 'vendor']);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'none' }).mfaRequiredRoles).toEqual([]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'staff' })).toThrow(
      /^Invalid environment variable MFA_REQUIRED_ROLES: /,
    );
  });
});

describe('single sign-on', () => {
  const oidc = {
    OIDC_ISSUER: 'https://login.lakeside-mls.example',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_ADMIN_CLAIM: 'groups=mls-staff',
  };

  it('is off without an issuer, and reads the claim and domains that make someone staff', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(
      loadConfig({ ...oidc, OIDC_ADMIN_DOMAINS: '@Lakeside-MLS.example, staff.example' }).oidc,
    ).toMatchObject({
      adminClaim: { claim: 'groups', value: 'mls-staff' },
      adminDomains: ['lakeside-mls.example', 'staff.example'],
      createUsers: false,
    });
  });

  it('needs the client, a way to tell staff, and https unless allowed', () => {
    expect(() => loadConfig({ ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/OIDC_CLIENT_ID: required/);
    expect(() => loadConfig({ ...oidc, OIDC_ADMIN_CLAIM: '' })).toThrow(/OIDC_ADMIN_CLAIM/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9' })).toThrow(/must be an https/);
    expect(
      loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_ALLOW_HTTP: '1' }).oidc?.issuer,
    ).toBe('http://127.0.0.1:9');
  });
});
