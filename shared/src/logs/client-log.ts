/** Longest client error message the API stores (characters); a longer one is refused. */
export const CLIENT_LOG_MAX_MESSAGE = 500;
/** Longest client error stack the API stores (characters, 4 KB); a longer one is refused. */
export const CLIENT_LOG_MAX_STACK = 4096;
/** Longest page path kept with a client error. */
export const CLIENT_LOG_MAX_PATH = 300;
/** Longest release name kept with a client error. */
export const CLIENT_LOG_MAX_RELEASE = 40;
/**
 * Days a client log entry is kept: the admin clean-up removes older `log_entry` rows; the admins' list
 * looks no further back.
 */
export const CLIENT_LOG_RETENTION_DAYS = 30;

/** What raised a client error report. */
export const ClientLogSource = {
  ERROR: 'error',
  UNHANDLED_REJECTION: 'unhandledrejection',
  BOUNDARY: 'boundary',
} as const;
export type ClientLogSource = (typeof ClientLogSource)[keyof typeof ClientLogSource];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /\b(access_token|refresh_token|id_token|token|password|passwd|secret|api[_-]?key|session|code|state|sig|signature)=[^\s&,;'"`)]+/gi;
/** A query string or fragment right after a URL or path (`/a?b=1`, `x.js#frag`), up to the next space or quote. */
const QUERY = /(?<=[\w/.-])[?#][^\s'"`()<>]+/g;
/** Random-looking strings (ids, keys): 24+ letters, digits, `-`, `_`, with at least one digit. */
const LONG_TOKEN = /(?<![\w-])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}(?![\w-])/g;
/** Runs of 7+ digits, also written with spaces, dots, dashes or brackets (phone, card and account numbers). */
const DIGIT_RUN = /\+?\(?\d[\d\s().-]{5,}\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Removes personal data from a client error text (message or stack) before it is stored or logged: query
 * strings and fragments (a stack frame's `:line:column` stays), e-mail addresses, bearer and JSON web tokens,
 * `secret=value` pairs, long random strings, and runs of 7 or more digits (phone and card numbers). What is
 * left groups well: the same error from different people reads the same.
 */
export function scrubPersonalData(text: string): string {
  return text
    .replace(QUERY, (match) => /:\d+:\d+$/.exec(match)?.[0] ?? '')
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [token]')
    .replace(SECRET_PAIR, '$1=[redacted]')
    .replace(EMAIL, '[email]')
    .replace(LONG_TOKEN, '[token]')
    .replace(DIGIT_RUN, (match) => {
      const trimmed = match.trim();
      if (ISO_DATE.test(trimmed)) return match;
      const digits = trimmed.replace(/\D/g, '').length;
      return digits >= 7 ? match.replace(trimmed, '[number]') : match;
    });
}

/** A page path without its query string or fragment, scrubbed and cut to CLIENT_LOG_MAX_PATH. */
export function clientLogPath(pathOrUrl: string): string {
  // An absolute URL loses its scheme and host; then the query string and fragment go.
  let path = pathOrUrl.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return scrubPersonalData(path).slice(0, CLIENT_LOG_MAX_PATH);
}

const FAMILIES: Array<[string, RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

/** The browser family and major version of a User-Agent ("Chrome 130"), never the whole string; else "Other". */
export function userAgentFamily(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Other';
  for (const [family, pattern] of FAMILIES) {
    const match = pattern.exec(userAgent);
    if (match) return `${family} ${match[1]}`;
  }
  return 'Other';
}
