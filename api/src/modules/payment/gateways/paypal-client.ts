import type { PayPalGatewayConfig } from './gateway-config.js';

/**
 * PayPal REST (Orders v2, capture refunds, webhook signature verification) over `fetch`.
 *
 * Why not `@paypal/paypal-server-sdk` (2.5.0): its Environment is an enum of Production and Sandbox whose
 * base URLs are fixed in `getBaseUri`, so it cannot be pointed at the local gateway sandbox except through
 * its `unstable_httpClientOptions` (raw axios overrides, marked unstable); and it has no webhook
 * verification call. The REST calls are few and documented, so this client speaks them directly.
 */
export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount: PayPalMoney & {
    breakdown?: Partial<
      Record<'item_total' | 'shipping' | 'handling' | 'tax_total' | 'discount', PayPalMoney>
    >;
  };
  items?: { name: string; quantity: string; unit_amount: PayPalMoney; sku?: string }[];
  payee?: { merchant_id?: string; email_address?: string };
  payment_instruction?: { platform_fees?: { amount: PayPalMoney; payee?: { merchant_id?: string } }[] };
}

export interface PayPalCreateOrder {
  intent: 'CAPTURE';
  purchase_units: PayPalPurchaseUnit[];
  payment_source?: {
    paypal: {
      experience_context: {
        return_url: string;
        cancel_url: string;
        brand_name?: string;
        user_action?: 'PAY_NOW' | 'CONTINUE';
      };
    };
  };
}

export interface PayPalLink {
  href: string;
  rel: string;
  method: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
  seller_receivable_breakdown?: {
    gross_amount: PayPalMoney;
    paypal_fee: PayPalMoney;
    platform_fees?: { amount: PayPalMoney }[];
    net_amount: PayPalMoney;
  };
  supplementary_data?: { related_ids?: { order_id?: string } };
  links: PayPalLink[];
}

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  intent: string;
  purchase_units: (PayPalPurchaseUnit & { payments?: { captures?: PayPalCapture[] } })[];
  payer?: { payer_id: string; email_address?: string };
  links: PayPalLink[];
}

export interface PayPalRefund {
  id: string;
  status: string;
  amount: PayPalMoney;
  links: PayPalLink[];
}

/** A PayPal error answer: `name` (e.g. UNPROCESSABLE_ENTITY) and the first detail's `issue`. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    readonly issue: string | null,
    message: string,
    readonly debugId: string | null,
  ) {
    super(message);
  }
}

/** The transmission headers PayPal sends with a webhook, by their lower-case names. */
export interface PayPalTransmission {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: PayPalGatewayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get webhookId(): string {
    return this.config.webhookId;
  }

  /** The URL the customer approves the order at (`rel` approve or payer-action). */
  static approvalUrl(order: PayPalOrder): string | null {
    return order.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
  }

  createOrder(body: PayPalCreateOrder, requestId: string): Promise<PayPalOrder> {
    return this.call('POST', '/v2/checkout/orders', body, {
      'PayPal-Request-Id': requestId,
      Prefer: 'return=representation',
    });
  }

  getOrder(id: string): Promise<PayPalOrder> {
    return this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
  }

  captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
    return this.call(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      {},
      {
        'PayPal-Request-Id': requestId,
        Prefer: 'return=representation',
      },
    );
  }

  /** Refunds all of a capture, or `amount` of it. */
  refundCapture(
    captureId: string,
    requestId: string,
    body: { amount?: PayPalMoney; note_to_payer?: string; invoice_id?: string; custom_id?: string } = {},
  ): Promise<PayPalRefund> {
    return this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, {
      'PayPal-Request-Id': requestId,
      Prefer: 'return=representation',
    });
  }

  /**
   * PayPal's own check of a webhook (`POST /v1/notifications/verify-webhook-signature`). The raw body is
   * spliced into the request as it arrived, so no re-serialisation can change what was signed.
   */
  async verifyWebhookSignature(rawBody: string, transmission: PayPalTransmission): Promise<boolean> {
    const head = JSON.stringify({
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: this.config.webhookId,
    });
    const body = `${head.slice(0, -1)},"webhook_event":${rawBody}}`;
    const result = await this.call<{ verification_status: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      body,
    );
    return result.verification_status === 'SUCCESS';
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await this.fetchImpl(`${this.config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!res.ok || !json.access_token) {
      throw new PayPalApiError(
        res.status,
        'AUTHENTICATION_FAILURE',
        null,
        json.error_description ?? `PayPal token request failed (${res.status})`,
        null,
      );
    }
    this.token = { value: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 300) * 1000 };
    return this.token.value;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.fetchImpl(`${this.config.apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null; // revoked or expired early: one fresh token, then give up
        continue;
      }
      const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (!res.ok) {
        const details = Array.isArray(json.details)
          ? (json.details as { issue?: string; description?: string }[])
          : [];
        throw new PayPalApiError(
          res.status,
          typeof json.name === 'string' ? json.name : 'HTTP_ERROR',
          details[0]?.issue ?? null,
          details[0]?.description ??
            (typeof json.message === 'string' ? json.message : `PayPal answered ${res.status}`),
          typeof json.debug_id === 'string' ? json.debug_id : null,
        );
      }
      return json as T;
    }
  }
}
