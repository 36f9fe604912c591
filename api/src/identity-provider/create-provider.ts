import type { Pool } from 'pg';
import { Provider, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountStore } from './account-store.js';
import { CLAIMS_BY_SCOPE, accountClaims } from './claims.js';
import type { IdpConfig } from './idp-config.js';
import { PostgresAdapter } from './postgres-adapter.js';
import type { PrivateJwk } from './signing-keys.js';
import { logoutPage, messagePage } from './views.js';

/** Keycloak's endpoint paths below the issuer, so the app (and keycloak-js style URLs) work against either. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

/** Keycloak's registration page path; answered with a redirect to the authorization endpoint with prompt=create. */
export const REGISTRATIONS_PATH = '/protocol/openid-connect/registrations';
export const INTERACTION_PATH = '/interaction';

/**
 * Resource indicator of the app's API. Access tokens are JWTs for it with `aud` = the client id, which is
 * what Keycloak's audience mapper in deploy/keycloak/hearth-realm.json produces.
 */
export const API_RESOURCE = 'urn:hearth:api';

// Keycloak defaults: SSO session max 10 hours, login form valid for 30 minutes.
const SESSION_MAX_SECONDS = 10 * 3600;
const INTERACTION_SECONDS = 30 * 60;

export interface ProviderDeps {
  config: IdpConfig;
  pool: Pool;
  accounts: AccountStore;
  signingKeys: PrivateJwk[];
  cookieKeys: string[];
  /** Where "Back to Hearth" links go. */
  homeUrl: string;
}

/** The `create` prompt (OpenID Connect Prompt Create 1.0), shown as the registration page. */
function createPrompt(): InstanceType<typeof interactionPolicy.Prompt> {
  return new interactionPolicy.Prompt({ name: 'create', requestable: true });
}

export function createProvider({
  config,
  pool,
  accounts,
  signingKeys,
  cookieKeys,
  homeUrl,
}: ProviderDeps): Provider {
  const issuerPath = new URL(config.issuer).pathname.replace(/\/$/, '');
  const policy = interactionPolicy.base();
  policy.add(createPrompt(), 0);

  const configuration: Configuration = {
    adapter: (kind: string) => new PostgresAdapter(pool, kind),
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        client_name: 'Hearth',
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.postLogoutRedirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // client_secret_post is accepted too: oidc-provider treats the two secret methods as one.
        token_endpoint_auth_method: 'client_secret_basic',
        // Like Keycloak: ID tokens always say when the user last signed in (the API's step-up check).
        require_auth_time: true,
      },
    ],
    jwks: { keys: signingKeys },
    cookies: { keys: cookieKeys, long: { httpOnly: true, sameSite: 'lax', path: issuerPath || '/' } },
    routes: ROUTES,
    discovery: { prompt_values_supported: ['none', 'login', 'consent', 'create'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'roles'],
    claims: Object.fromEntries(
      Object.entries(CLAIMS_BY_SCOPE).map(([scope, claims]) => [scope, [...claims]]),
    ),
    // Like Keycloak: the ID token carries the profile, email and role claims, not only userinfo.
    conformIdTokenClaims: false,
    // Like Keycloak: the code flow always yields a refresh token, without asking for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      return account && { accountId: account.id, claims: () => accountClaims(account) };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await accounts.findById(token.accountId);
      if (!account) return undefined;
      const { sub: _sub, ...claims } = accountClaims(account);
      return { ...claims, azp: token.clientId };
    },
    ttl: {
      AccessToken: config.accessTokenTtl,
      IdToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      RefreshToken: config.refreshTokenTtl,
      Interaction: INTERACTION_SECONDS,
      Session: SESSION_MAX_SECONDS,
      Grant: SESSION_MAX_SECONDS,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${issuerPath}${INTERACTION_PATH}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: 'openid profile email roles offline_access',
          audience: client.clientId,
          accessTokenFormat: 'jwt',
          accessTokenTTL: config.accessTokenTtl,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // Keycloak signs out without asking when the app proves who is signed in with id_token_hint.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
          const automatic = !!hint?.payload?.sub && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = logoutPage(form, automatic);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = messagePage('You are signed out', 'You have signed out of Hearth.', homeUrl);
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const detail = out.error_description ?? out.error ?? 'The request could not be completed.';
      ctx.body = messagePage('Something went wrong', `${detail} (${out.error})`, homeUrl);
    },
  };

  return new Provider(config.issuer, configuration);
}
