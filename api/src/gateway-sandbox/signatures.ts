import { createHmac, createSign, createVerify, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The three gateways' webhook signature schemes, as the gateways themselves sign. The sandbox signs with
 * these; the API verifies with the SDKs' own code (Stripe, Cashfree) or the gateway's verification call
 * (PayPal), never with these functions, so a mistake here fails the tests.
 */

/** Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Cashfree: `x-webhook-signature` = base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function cashfreeSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody, 'utf8')
    .digest('base64');
}

/** The string PayPal signs: `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>`. */
export function paypalSignedString(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
}

/** PayPal's transmission headers for one delivery, signed SHA256withRSA with the sandbox's key. */
export function paypalTransmissionHeaders(opts: {
  rawBody: string;
  webhookId: string;
  privateKeyPem: string;
  certUrl: string;
}): Record<string, string> {
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString();
  const signer = createSign('RSA-SHA256');
  signer.update(paypalSignedString(transmissionId, transmissionTime, opts.webhookId, opts.rawBody));
  return {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': signer.sign(opts.privateKeyPem, 'base64'),
    'paypal-cert-url': opts.certUrl,
    'paypal-auth-algo': 'SHA256withRSA',
  };
}

/** Checks a PayPal transmission signature against the certificate (what PayPal's verify call does). */
export function verifyPaypalTransmission(opts: {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  rawBody: string;
  signature: string;
  certPem: string;
}): boolean {
  try {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(
      paypalSignedString(opts.transmissionId, opts.transmissionTime, opts.webhookId, opts.rawBody),
    );
    return verifier.verify(opts.certPem, opts.signature, 'base64');
  } catch {
    return false;
  }
}
