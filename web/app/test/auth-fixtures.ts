import type { ServerResponse } from 'node:http';
import { json } from './fake-api';

/** `auth/me` bodies of the three demo accounts, as the API answers them. */
export const ME = {
  customer: {
    authenticated: true,
    subject: '00000000-0000-4000-8000-00000000c001',
    consumerId: 'b7e0c8f2-0000-4000-8000-000000000001',
    name: 'Casey Customer',
    email: 'customer@hearth.test',
    userName: 'customer@hearth.test',
    roles: ['ROLE_USER'],
    isChef: false,
    isRegistrationPending: false,
    kitchenStatus: null,
    authenticatedTime: '2025-01-01T10:00:00.000Z',
    timeZone: 'America/Chicago',
  },
  chef: {
    authenticated: true,
    subject: '00000000-0000-4000-8000-00000000c002',
    consumerId: 'b7e0c8f2-0000-4000-8000-000000000002',
    name: 'Priya Raman',
    email: 'chef@hearth.test',
    userName: 'chef@hearth.test',
    roles: ['ROLE_USER', 'ROLE_CHEF'],
    isChef: true,
    isRegistrationPending: false,
    kitchenStatus: 'APPROVED',
    authenticatedTime: '2025-01-01T10:00:00.000Z',
    timeZone: 'America/Chicago',
  },
  admin: {
    authenticated: true,
    subject: '00000000-0000-4000-8000-00000000a001',
    consumerId: 'b7e0c8f2-0000-4000-8000-000000000003',
    name: 'Alex Admin',
    email: 'admin@hearth.test',
    userName: 'admin@hearth.test',
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
    isChef: false,
    isRegistrationPending: false,
    kitchenStatus: null,
    authenticatedTime: '2025-01-01T10:00:00.000Z',
    timeZone: 'America/Chicago',
  },
  /** Registered a kitchen that an admin has not reviewed yet: not a chef. */
  applicant: {
    authenticated: true,
    subject: '00000000-0000-4000-8000-00000000c003',
    consumerId: 'b7e0c8f2-0000-4000-8000-000000000004',
    name: 'Robin Applicant',
    email: 'robin@hearth.test',
    userName: 'robin@hearth.test',
    roles: ['ROLE_USER'],
    isChef: false,
    isRegistrationPending: false,
    kitchenStatus: 'PENDING',
    authenticatedTime: '2025-01-01T10:00:00.000Z',
    timeZone: 'America/Chicago',
  },
} as const;

export type DemoUser = keyof typeof ME;

/** The cookie that clears the session, as the API sends it after a failed token refresh. */
export const CLEAR_SESSION_COOKIE =
  'hearth_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax';

/**
 * A fake `auth/me`: the account is picked by the `hearth_session` cookie (`hearth_session=customer`, …);
 * `hearth_session=expired` plays a session whose token could not be refreshed; anything else is anonymous.
 */
export function fakeMe(req: { headers: { cookie?: string } }, res: ServerResponse) {
  const session = /(?:^|;\s*)hearth_session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  if (session && session in ME) return json(res, 200, ME[session as DemoUser]);
  res.writeHead(401, {
    'Content-Type': 'application/problem+json',
    ...(session === 'expired' ? { 'Set-Cookie': CLEAR_SESSION_COOKIE } : {}),
  });
  res.end(
    JSON.stringify(
      session === 'expired'
        ? {
            type: 'https://hearth.example/problems/unauthorized',
            title: 'Unauthorized',
            status: 401,
            detail: 'Failed to refresh token',
            message: 'error.session.refresh',
            path: '/services/publisher/api/auth/me',
          }
        : {
            type: 'https://hearth.example/problems/unauthorized',
            title: 'Unauthorized',
            status: 401,
            message: 'error.http.401',
            path: '/services/publisher/api/auth/me',
          },
    ),
  );
}

/** A page request from a browser with the given demo session (or none). */
export function pageRequest(url: string, session?: DemoUser | 'expired', init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (session)
    headers.set('Cookie', [headers.get('Cookie'), `hearth_session=${session}`].filter(Boolean).join('; '));
  return new Request(new URL(url, 'http://hearth.test'), { ...init, headers });
}
