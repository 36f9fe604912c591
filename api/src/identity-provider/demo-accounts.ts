import { Role } from '@hearth/shared';

/** A sign-in account of the demo (local provider with HEARTH_DEMO=1; deploy/keycloak/demo for Keycloak). */
export interface DemoAccount {
  /** Subject id (`sub`); the same id as in deploy/keycloak/demo/hearth-users-0.json, so seeds match either provider. */
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly roles: readonly Role[];
}

/** The demo accounts of the README; kept identical to deploy/keycloak/demo/hearth-users-0.json (tested). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '00000000-0000-4000-8000-00000000c001',
    email: 'customer@hearth.test',
    password: 'hearth-demo',
    givenName: 'Casey',
    familyName: 'Customer',
    roles: [Role.USER],
  },
  {
    id: '00000000-0000-4000-8000-00000000c002',
    email: 'chef@hearth.test',
    password: 'hearth-demo',
    givenName: 'Priya',
    familyName: 'Raman',
    roles: [Role.USER, Role.CHEF],
  },
  {
    id: '00000000-0000-4000-8000-00000000a001',
    email: 'admin@hearth.test',
    password: 'hearth-demo',
    givenName: 'Alex',
    familyName: 'Admin',
    roles: [Role.USER, Role.ADMIN],
  },
];
