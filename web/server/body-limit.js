// Request-body limits of the web server (security review S-07). Remix actions read whole bodies into memory
// (`request.formData()`), anonymous ones too (contact form, add to cart), so the server refuses a body above
// the limit before any action runs: by its Content-Length, or, for a chunked body, as soon as the bytes
// streamed in pass it. Mounted after the API proxy: the API has its own limits. See docs/deployment.md
// "Rate limits and resource limits" for the limits to set at the edge proxy too.

/** Forms (urlencoded, text/plain) and any other non-multipart body: a form of Hearth is a few kB. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** Multipart uploads (pictures and documents, 5 MB each, 10 per form at the API) plus their fields. */
export const MULTIPART_BODY_LIMIT = 50 * 1024 * 1024;

const kB = (bytes) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/** The sentence of the 413 page, e.g. "The form you sent is larger than 64 KB, …". */
export function tooLargeSentence(multipart, limit) {
  return multipart
    ? `The files you sent add up to more than ${kB(limit)}, more than Hearth accepts at once. Go back and send fewer or smaller files.`
    : `The form you sent is larger than ${kB(limit)}, more than Hearth accepts. Go back, shorten it and send it again.`;
}

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/**
 * How much of a refused body the server still reads (and throws away) so that the client, still sending it,
 * receives the 413: closing a connection with unread bytes in it makes the kernel answer with a reset, and
 * a client that gets a reset while sending (browsers, Node's fetch) loses the response and reports a
 * network error instead. Bodies declared larger than this are refused from their headers and the
 * connection closed at once (nobody should stream 50 MB to be told no).
 */
export const DRAIN_LIMIT = 1024 * 1024;
/** How long a refused chunked body may take to finish before the connection is closed anyway. */
const DRAIN_MS = 5_000;

/**
 * 413 as a small HTML page for browsers, else as the spec's problem object. `close`: the connection closes
 * after the answer (else it stays open: Node reads the rest of the declared body and the connection
 * serves the next request).
 */
function refuse(req, res, multipart, limit, close = true) {
  if (res.headersSent) return;
  const sentence = tooLargeSentence(multipart, limit);
  res.statusCode = 413;
  if (close) res.setHeader('Connection', 'close');
  res.setHeader('Cache-Control', 'no-store');
  if (req.accepts(['html', 'json']) === 'html') {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>413 - Too Large | Hearth</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
        `<h1>Too Large</h1><p>${escapeHtml(sentence)}</p><p><a href="/">Hearth home page</a></p></body></html>`,
    );
  } else {
    res.setHeader('Content-Type', 'application/problem+json');
    res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Payload Too Large',
        status: 413,
        detail: sentence,
        message: 'error.http.413',
        path: req.path,
      }),
    );
  }
}

/** How long the server waits for the rest of a body its handler did not read before answering anyway. */
export const LINGER_MS = 10_000;

/**
 * Holds the answer to a request whose handler did not read its whole body (a guest's upload sent to sign
 * in, an expired session's form) until the client has sent the rest, which is read and dropped, for at
 * most LINGER_MS (nginx's lingering close does the same). Answering at once and closing the connection
 * with the body's tail unread makes the kernel answer with a reset: the browser, still sending, loses the
 * redirect and shows a network error, and a kept-alive connection fails the request sent on it next.
 * `skip()` says when an answer must go at once (a 413 of this module, which ends the connection itself).
 */
function answerAfterBody(req, res, skip) {
  const end = res.end;
  res.end = function endAfterBody(...args) {
    res.end = end;
    if (req.complete || req.destroyed || skip()) return end.apply(this, args);
    // Whoever was reading (Remix's body stream) is done: the rest of the body goes nowhere.
    req.removeAllListeners('data');
    req.on('data', () => {});
    let timer;
    const answer = () => {
      clearTimeout(timer);
      req.off('end', answer).off('close', answer);
      if (!res.writableEnded) end.apply(res, args);
    };
    timer = setTimeout(answer, LINGER_MS).unref();
    req.once('end', answer).once('close', answer);
    req.resume();
    return this;
  };
}

/**
 * Express middleware: 413 for a body above `formBytes` (`multipartBytes` for multipart/form-data). A declared
 * Content-Length is checked at once; a chunked body is counted as it streams (the count sits in front of
 * whoever reads it, without changing how it is read) and the request is ended when it passes the limit.
 */
export function bodyLimit({ formBytes = FORM_BODY_LIMIT, multipartBytes = MULTIPART_BODY_LIMIT } = {}) {
  return (req, res, next) => {
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    const multipart = type.startsWith('multipart/form-data');
    const limit = multipart ? multipartBytes : formBytes;
    const declared = req.headers['content-length'];
    if (declared !== undefined) {
      // A body of a reasonable size is read and dropped by Node after the answer (see DRAIN_LIMIT).
      if (Number(declared) > limit) refuse(req, res, multipart, limit, Number(declared) > DRAIN_LIMIT);
      else {
        if (Number(declared) > 0) answerAfterBody(req, res, () => false);
        next();
      }
      return;
    }
    if (req.headers['transfer-encoding'] === undefined) return next();
    let received = 0;
    let refused = false;
    answerAfterBody(req, res, () => refused);
    const emit = req.emit;
    const close = () => {
      req.emit = emit;
      req.destroy();
    };
    req.emit = function countingEmit(event, ...args) {
      if (refused) {
        // Whoever reads the body (the action) gets no more of it, nor its end: it is closed with the
        // connection once the client has sent it all (DRAIN_LIMIT), so the client reads the 413.
        if (event === 'data') {
          received += args[0].length;
          if (received > limit + DRAIN_LIMIT) close();
          return false;
        }
        if (event === 'end') {
          close();
          return false;
        }
        return emit.call(this, event, ...args);
      }
      if (event === 'data') {
        received += args[0].length;
        if (received > limit) {
          refuse(req, res, multipart, limit);
          refused = true;
          setTimeout(close, DRAIN_MS).unref();
          req.resume();
          return false;
        }
      }
      return emit.call(this, event, ...args);
    };
    next();
  };
}
