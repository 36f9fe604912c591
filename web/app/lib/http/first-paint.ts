/**
 * First paint before JavaScript (issue 19, Lighthouse): every page is complete HTML that works without
 * JavaScript, so the browser should paint it as soon as the HTML and the stylesheet are in, without the page's
 * ~20 module scripts (~130 KB) competing for a slow mobile connection first. Remix's `<Scripts>` preloads them
 * (`<link rel="modulepreload">`) and starts them (`<script type="module">`) at once; the server holds both back
 * under names the browser does not act on (first-paint.server.ts), and `releaseAfterFirstPaintScript`, inline at
 * the end of the body, gives them their own names back after the first frame has been painted. The browser then
 * loads them all in parallel, as before, and hydration sees the very elements React rendered.
 */

/** The `rel` a held `<link rel="modulepreload">` has until the first paint. */
export const HELD_PRELOAD_REL = 'hearth-modulepreload';
/** The `type` a held `<script type="module">` has until the first paint (not JavaScript: never run). */
export const HELD_MODULE_TYPE = 'hearth/module';

/**
 * Releases the held preloads and module script after the first paint: a frame callback runs just before the
 * frame is painted and a task queued from it runs after. A page loaded in a background tab gets no frames, so a
 * timer releases them anyway. A script's `type` cannot be changed into running, so the module script is replaced
 * by a copy (same text, same position, this response's nonce from the held one: the Content-Security-Policy's).
 */
export const releaseAfterFirstPaintScript = `(function(){var d=document,r=false;function go(){if(r)return;r=true;d.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});d.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]').forEach(function(h){var s=d.createElement("script");s.type="module";s.async=true;s.nonce=h.nonce;s.textContent=h.textContent;h.replaceWith(s)})}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})();`;
