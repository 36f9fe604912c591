// Security headers of every response of the web server (security review S-11), pages and the proxied API
// alike: mounted before the API proxy, so API responses get them too (the API's own headers, such as its
// stricter Content-Security-Policy for JSON, replace these where both set one).
import { randomBytes } from 'node:crypto';
import helmet from 'helmet';

/** A year, with subdomains: what HSTS preload lists ask for. */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Browser features no page of Hearth uses, switched off; geolocation stays for "Use my location" (same
 * origin only).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), magnetometer=(), ' +
  'microphone=(), payment=(), usb=(), interest-cohort=()';

/** The origin of a URL, or null when it is not one. */
function originOf(url) {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Where a checkout, "Pay now" or "Set up card payments" form post is redirected: the gateways' hosted pages
 * (Stripe Checkout and Connect onboarding, PayPal approval, Cashfree checkout).
 */
export const PAYMENT_PAGE_ORIGINS = [
  'https://checkout.stripe.com',
  'https://connect.stripe.com',
  'https://www.paypal.com',
  'https://www.sandbox.paypal.com',
  'https://payments.cashfree.com',
  'https://sandbox.cashfree.com',
];

/**
 * The origins of the payment pages this server's forms may lead to: the real gateways', and the local
 * gateway sandbox's when the API is pointed at it (its public URL, else the `*_API_BASE` it listens on).
 */
export function paymentPageOrigins(env) {
  const local = [
    env.GATEWAY_SANDBOX_PUBLIC_URL,
    env.STRIPE_API_BASE,
    env.PAYPAL_API_BASE,
    env.CASHFREE_API_BASE,
  ].map(originOf);
  return [...new Set([...PAYMENT_PAGE_ORIGINS, ...local.filter(Boolean)])];
}

/**
 * The Content-Security-Policy directives of a page. Scripts only from this origin or inline with this
 * response's nonce (Remix's <Scripts>, <ScrollRestoration>, React's streaming and the time-zone script carry
 * it); `form-action` also allows the identity provider, because signing out is a form post the API answers
 * with a redirect to the provider, and browsers apply `form-action` to that redirect — and, for the same
 * reason, the payment gateways' hosted pages that checkout and onboarding redirect to.
 */
export function cspDirectives({ identityProviderOrigin, paymentOrigins = [], https }) {
  const formAction = [
    "'self'",
    ...(identityProviderOrigin ? [identityProviderOrigin] : []),
    ...paymentOrigins,
  ];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': formAction,
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The middleware: a fresh nonce per response (`res.locals.cspNonce`, handed to Remix by getLoadContext),
 * then helmet. HSTS only in production on an https web origin, so the local http demo keeps working.
 *
 * @param {{ production: boolean, webOrigin?: string, identityProviderUrl?: string, paymentOrigins?: string[] }} options
 */
export function securityHeaders({ production, webOrigin, identityProviderUrl, paymentOrigins = [] }) {
  const https = production && originOf(webOrigin)?.startsWith('https:') === true;
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        identityProviderOrigin: originOf(identityProviderUrl),
        paymentOrigins,
        https,
      }),
      // Vite's development server injects its own inline scripts; there the policy only reports.
      reportOnly: !production,
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    applyHelmet(req, res, next);
  };
}
