import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

// Security review S-01: the shipped Keycloak realm is what a deployment imports; the demo users live in a
// separate file that only the docker-compose demo mounts.

const KEYCLOAK = join(__dirname, '../../../deploy/keycloak');
interface RealmUser {
  id: string;
  email: string;
  realmRoles: string[];
  credentials: Array<{ value: string; temporary: boolean }>;
}
interface RealmFile {
  realm: string;
  users?: RealmUser[];
  passwordPolicy: string;
  bruteForceProtected: boolean;
  failureFactor: number;
  clients: Array<{ clientId: string; secret?: string }>;
}
const read = (file: string) => JSON.parse(readFileSync(join(KEYCLOAK, file), 'utf8')) as RealmFile;

describe('deploy/keycloak/hearth-realm.json', () => {
  const realm = read('hearth-realm.json');

  it('ships without users', () => {
    expect(realm.users ?? []).toEqual([]);
  });

  it('has a password policy and brute-force protection', () => {
    expect(Number(/length\((\d+)\)/.exec(realm.passwordPolicy)?.[1])).toBeGreaterThanOrEqual(8);
    expect(realm.passwordPolicy).toContain('notEmail');
    expect(realm.bruteForceProtected).toBe(true);
    expect(realm.failureFactor).toBeGreaterThan(0);
    expect(realm.failureFactor).toBeLessThanOrEqual(10);
  });

  it('takes the client secret from the environment, never a literal', () => {
    const client = realm.clients.find((c) => c.clientId === 'hearth-web');
    expect(client?.secret).toBe('${HEARTH_OIDC_CLIENT_SECRET}');
    expect(JSON.stringify(realm)).not.toContain('hearth-dev-secret');
    expect(JSON.stringify(realm)).not.toContain('hearth-demo');
  });
});

describe('deploy/keycloak/demo/hearth-users-0.json (demo only)', () => {
  it('holds the same demo accounts as the local identity provider', () => {
    const { realm, users } = read('demo/hearth-users-0.json');
    expect(realm).toBe('hearth');
    expect(
      (users ?? []).map((u) => ({
        id: u.id,
        email: u.email,
        roles: u.realmRoles,
        pw: u.credentials[0].value,
      })),
    ).toEqual(DEMO_ACCOUNTS.map((a) => ({ id: a.id, email: a.email, roles: a.roles, pw: a.password })));
  });
});
