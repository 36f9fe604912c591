import { createContext, useContext } from 'react';

/**
 * This response's Content-Security-Policy nonce (web/server/headers.js makes one per response; entry.server
 * provides it). Every inline <script> the app renders carries it. In the browser it is empty: the scripts
 * have already run, and browsers hide the attribute from the page.
 */
export const NonceContext = createContext<string>('');

export function useNonce(): string {
  return useContext(NonceContext);
}
