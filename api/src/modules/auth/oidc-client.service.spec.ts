import type { ConfigService } from '@nestjs/config';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../config/env.js';
import {
  CLOCK_SKEW_SECONDS,
  NotAnAccessTokenError,
  OidcClientService,
  VERIFIED_TOKEN_TTL_MS,
} from './oidc-client.service.js';

const ISSUER = 'http://idp.test/realms/hearth';
const AUDIENCE = 'hearth-web';

/** A service whose JWKS is a local key pair (no provider to discover), and a minter of tokens signed by it. */
async function setup() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const config = {
    get: (key: keyof Env) => ({ OIDC_ISSUER_URL: ISSUER, OIDC_CLIENT_ID: AUDIENCE })[key as string],
  } as unknown as ConfigService<Env, true>;
  const service = new OidcClientService(config);
  Object.assign(service, {
    metadata: Promise.resolve({ issuer: ISSUER, jwks_uri: 'http://idp.test/jwks' }),
    jwks: createLocalJWKSet({ keys: [jwk] }),
  });
  const verify = vi.spyOn(service, 'verify');
  const mint = (expiresInSeconds: number, typ = 'at+jwt', claims: Record<string, unknown> = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  return { service, verify, mint };
}

describe('OidcClientService.verifyAccessToken', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup();
  });
  afterEach(() => {
    vi.useRealTimers();
    s.verify.mockClear();
  });

  it('checks a token’s signature once, then takes it as verified for a while', async () => {
    const token = await s.mint(600);
    const first = await s.service.verifyAccessToken(token);
    const again = await s.service.verifyAccessToken(token);
    expect(again).toEqual(first);
    expect(again.sub).toBe('someone');
    expect(s.verify).toHaveBeenCalledTimes(1);
    // Another token is checked on its own.
    await s.service.verifyAccessToken(await s.mint(600, 'at+jwt', { other: true }));
    expect(s.verify).toHaveBeenCalledTimes(2);
  });

  it(`checks the signature again after ${VERIFIED_TOKEN_TTL_MS / 1000} s`, async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const token = await s.mint(3600);
    await s.service.verifyAccessToken(token);
    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TTL_MS - 1000);
    await s.service.verifyAccessToken(token);
    expect(s.verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2000);
    await s.service.verifyAccessToken(token);
    expect(s.verify).toHaveBeenCalledTimes(2);
  });

  it('never accepts a remembered token past its expiry', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const token = await s.mint(10);
    await s.service.verifyAccessToken(token);
    // Within the expiry and the clock skew jwtVerify allows: still remembered.
    vi.setSystemTime(Date.now() + (10 + CLOCK_SKEW_SECONDS - 2) * 1000);
    await s.service.verifyAccessToken(token);
    expect(s.verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 5000);
    await expect(s.service.verifyAccessToken(token)).rejects.toThrow(/exp/);
    expect(s.verify).toHaveBeenCalledTimes(2);
  });

  it('remembers nothing it refused', async () => {
    const idToken = await s.mint(600, 'JWT', { nonce: 'n' });
    await expect(s.service.verifyAccessToken(idToken)).rejects.toBeInstanceOf(NotAnAccessTokenError);
    await expect(s.service.verifyAccessToken(idToken)).rejects.toBeInstanceOf(NotAnAccessTokenError);
    const token = await s.mint(600);
    const [h, , sig] = token.split('.');
    const forged = [h, Buffer.from(JSON.stringify({ sub: 'admin' })).toString('base64url'), sig].join('.');
    await expect(s.service.verifyAccessToken(forged)).rejects.toThrow(/signature/);
    await expect(s.service.verifyAccessToken(forged)).rejects.toThrow(/signature/);
    expect(s.verify).toHaveBeenCalledTimes(4);
  });
});
