import { describe, expect, it } from 'vitest';
import { loadIdpConfig } from './idp-config.js';

const DATABASE_URL = 'postgres://hearth_app:Qm4v9x2LrT7k@db.internal:5432/hearth';

describe('loadIdpConfig (security review S-01, S-06)', () => {
  const IDP_PRODUCTION = {
    NODE_ENV: 'production',
    DATABASE_URL,
    IDP_ISSUER: 'https://id.hearth.example/realms/hearth',
    IDP_CLIENT_SECRET: 'f0e9d8c7b6a5f4e3d2c1b0a9',
    IDP_REDIRECT_URIS: 'https://hearth.example/services/publisher/api/auth/callback',
    IDP_POST_LOGOUT_REDIRECT_URIS: 'https://hearth.example/',
  };

  it('seeds the demo accounts only with HEARTH_DEMO=1', () => {
    expect(loadIdpConfig({}).demo).toBe(false);
    expect(loadIdpConfig({ HEARTH_DEMO: '1' }).demo).toBe(true);
    expect(loadIdpConfig(IDP_PRODUCTION).demo).toBe(false);
  });

  it('refuses the default client secret and unset settings in production', () => {
    expect(() => loadIdpConfig({ ...IDP_PRODUCTION, IDP_CLIENT_SECRET: 'hearth-dev-secret' })).toThrow(
      'IDP_CLIENT_SECRET is a default published with Hearth',
    );
    expect(() => loadIdpConfig({ ...IDP_PRODUCTION, IDP_ISSUER: '' })).toThrow(
      'IDP_ISSUER must be set in production',
    );
  });

  it('refuses the demo accounts in production unless explicitly allowed', () => {
    expect(() => loadIdpConfig({ ...IDP_PRODUCTION, HEARTH_DEMO: '1' })).toThrow(
      'HEARTH_DEMO=1 is refused with NODE_ENV=production',
    );
    expect(
      loadIdpConfig({ NODE_ENV: 'production', HEARTH_DEMO: '1', HEARTH_DEMO_IN_PRODUCTION: '1' }).demo,
    ).toBe(true);
  });
});
