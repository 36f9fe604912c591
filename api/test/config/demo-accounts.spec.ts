import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../src/identity-provider/account-store.js';
import { DEMO_ACCOUNTS } from '../../src/identity-provider/demo-accounts.js';
import { loadIdpConfig } from '../../src/identity-provider/idp-config.js';
import { startIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import { freePort } from '../setup/identity.js';

// Security review S-01: the README's demo accounts (admin@hearth.test / hearth-demo) exist only while the
// local identity provider runs with HEARTH_DEMO=1; a boot without it leaves no way in with that password.

describe('demo accounts of the local identity provider', () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  const accounts = new AccountStore(pool);

  async function bootOnce(env: Record<string, string>): Promise<void> {
    const port = await freePort();
    const idp = await startIdentityProvider(
      loadIdpConfig({
        DATABASE_URL: process.env.DATABASE_URL,
        IDP_PORT: String(port),
        IDP_ISSUER: `http://localhost:${port}/realms/hearth`,
        ...env,
      }),
      { log: () => {} },
    );
    await idp.close();
  }

  const signIn = (email: string) => accounts.authenticate(email, 'hearth-demo');

  beforeAll(() => bootOnce({ HEARTH_DEMO: '1' }));
  afterAll(async () => {
    // Leave the database as the other files expect it (they boot the provider with the demo flag).
    await bootOnce({ HEARTH_DEMO: '1' });
    await pool.end();
  });

  it('with HEARTH_DEMO=1 the admin signs in with the published password', async () => {
    expect((await signIn('admin@hearth.test'))?.roles).toContain('ROLE_ADMIN');
  });

  it('without the flag no demo account is left, and the published password lets no one in', async () => {
    await bootOnce({});
    for (const demo of DEMO_ACCOUNTS) {
      expect(await signIn(demo.email)).toBeUndefined();
      expect(await accounts.findById(demo.id)).toBeUndefined();
    }
  });
});
