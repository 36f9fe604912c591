/** Cookie that carries the browser's IANA time zone (set by a tiny inline script in root.tsx). */
export const TIME_ZONE_COOKIE = 'tz';

/**
 * Inline script for the document head: stores the browser's zone in the `tz` cookie (only when it
 * changed) so that the next server render and every API call use the user's zone.
 */
export const timeZoneCookieScript = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var c=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(c&&decodeURIComponent(c[1])===z)return;document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax"}catch(e){}})();`;
