import type { ConfigService } from '@nestjs/config';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../config/env.js';
import { sessionCookieName, setSessionCookie } from './cookies.js';

const config = (env: Partial<Env>) =>
  ({
    get: (key: keyof Env) => ({ NODE_ENV: 'development', WEB_ORIGIN: 'http://localhost:3000', ...env })[key],
  }) as unknown as ConfigService<Env, true>;

describe('session cookie (S-16)', () => {
  it('is __Host-hearth_session in production and behind https, hearth_session over plain http', () => {
    expect(sessionCookieName(config({ NODE_ENV: 'production' }))).toBe('__Host-hearth_session');
    expect(sessionCookieName(config({ WEB_ORIGIN: 'https://hearth.example' }))).toBe('__Host-hearth_session');
    expect(sessionCookieName(config({}))).toBe('hearth_session');
  });

  it('is set as the __Host- prefix demands: Secure, Path=/, no Domain', () => {
    const set: Array<[string, string, Record<string, unknown>]> = [];
    const reply = { setCookie: (...args: [string, string, Record<string, unknown>]) => set.push(args) };
    setSessionCookie(reply as never, config({ NODE_ENV: 'production' }), 'abc');
    const [name, value, options] = set[0];
    expect([name, value]).toEqual(['__Host-hearth_session', 'abc']);
    expect(options).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'lax' });
    expect(options.domain).toBeUndefined();
  });
});
