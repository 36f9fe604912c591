import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { Role } from '@hearth/shared';
import type { DemoAccount } from './demo-accounts.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.js';

/** A person who can sign in at the local provider. */
export interface Account {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  roles: string[];
}

export interface NewAccount {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** Thrown by {@link AccountStore.create} when the email already has an account (any letter case). */
export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

interface AccountRow {
  id: string;
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
  roles: string[];
  password_hash: string;
}

const COLUMNS = 'id, email, given_name, family_name, email_verified, roles';
const UNIQUE_VIOLATION = '23505';

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    givenName: row.given_name,
    familyName: row.family_name,
    emailVerified: row.email_verified,
    roles: row.roles,
  };
}

/** Accounts in `idp.accounts`; emails are unique regardless of letter case. */
export class AccountStore {
  constructor(private readonly pool: Pool) {}

  async findById(id: string): Promise<Account | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await this.pool.query<AccountRow>(`SELECT ${COLUMNS} FROM idp.accounts WHERE id = $1`, [
      id,
    ]);
    return rows[0] && toAccount(rows[0]);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>(
      `SELECT ${COLUMNS} FROM idp.accounts WHERE lower(email) = lower($1)`,
      [email.trim()],
    );
    return rows[0] && toAccount(rows[0]);
  }

  /** The account when email and password match, else undefined (taking the same time either way). */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>(
      `SELECT ${COLUMNS}, password_hash FROM idp.accounts WHERE lower(email) = lower($1)`,
      [email.trim()],
    );
    const row = rows[0];
    if (!row) return verifyAgainstDecoy(password).then(() => undefined);
    return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : undefined;
  }

  /** Creates a customer account (ROLE_USER, email not verified, as Keycloak's self-registration does). */
  async create(input: NewAccount): Promise<Account> {
    const passwordHash = await hashPassword(input.password);
    try {
      const { rows } = await this.pool.query<AccountRow>(
        `INSERT INTO idp.accounts (id, email, password_hash, given_name, family_name, email_verified, roles)
         VALUES ($1, $2, $3, $4, $5, false, $6) RETURNING ${COLUMNS}`,
        [
          randomUUID(),
          input.email.trim(),
          passwordHash,
          input.givenName.trim(),
          input.familyName.trim(),
          [Role.USER],
        ],
      );
      return toAccount(rows[0]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
      throw error;
    }
  }

  /** Inserts the demo accounts that are missing (by id); existing rows, and their passwords, are left alone. */
  async seed(accounts: readonly DemoAccount[]): Promise<void> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM idp.accounts WHERE id = ANY($1::uuid[])',
      [accounts.map((a) => a.id)],
    );
    const existing = new Set(rows.map((r) => r.id));
    for (const account of accounts.filter((a) => !existing.has(a.id))) {
      await this.pool.query(
        `INSERT INTO idp.accounts (id, email, password_hash, given_name, family_name, email_verified, roles)
         VALUES ($1, $2, $3, $4, $5, true, $6) ON CONFLICT DO NOTHING`,
        [
          account.id,
          account.email,
          await hashPassword(account.password),
          account.givenName,
          account.familyName,
          [...account.roles],
        ],
      );
    }
  }

  /**
   * Removes the demo accounts (by id) a demo run left behind, so a database that once ran the demo offers no
   * sign-in with the published password once the demo flag is off. Returns how many were removed.
   */
  async removeDemo(accounts: readonly DemoAccount[]): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM idp.accounts WHERE id = ANY($1::uuid[])', [
      accounts.map((a) => a.id),
    ]);
    return rowCount ?? 0;
  }
}
