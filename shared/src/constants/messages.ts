/** Exact user-facing texts of spec §8. */
export const MESSAGES = {
  operationSuccess: 'Operation Success!',
  invalidRequest: 'Invalid Request. Check your internet connection and try again.',
  somethingWentWrong: 'Something went wrong',
  failedToRefreshToken: 'Failed to refresh token',
  notSupportedByOidcServer: 'Not supported by the OIDC server',
  closedByUser: 'closed_by_user',
  pageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
  tokenPayloadMissing: 'Invalid token specified: missing part #2',
  tokenNotBase64Url: 'Invalid token specified: invalid base64 for part #2',
  tokenNotJson: 'Invalid token specified: invalid json for part #2',
} as const;

/** The generic failure notification of spec §8. */
export function genericErrorMessage(
  title: string | null | undefined,
  status: number | string | null | undefined,
): string {
  return `Error: ${title || MESSAGES.somethingWentWrong} - ${status ?? ''} - Logout and Login Again, If Required. Or Contact Support.`;
}

/** "Page Not Found: {path}" for an invalid `/{id}` (fatal), spec §8. */
export function invalidIdMessage(path: string): string {
  return `${MESSAGES.pageNotFound}: ${path}`;
}

/** "Page not found: {path}" for an unmatched route (non-fatal), spec §8. */
export function unmatchedRouteMessage(path: string): string {
  return `Page not found: ${path}`;
}
