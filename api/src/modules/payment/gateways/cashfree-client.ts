import { Cashfree, CFEnvironment } from 'cashfree-pg';
import type { CashfreeGatewayConfig, CashfreePayoutGatewayConfig } from './gateway-config.js';
import { CASHFREE_PRODUCTION_API_BASE } from './gateway-config.js';

/**
 * The `cashfree-pg` SDK client. The SDK writes its two base URLs into every call, but each call goes to
 * `this.basePath` when it is set (a public field of `Cashfree`), so `basePath = <apiBase>/pg` points it at
 * the configured origin: the local gateway sandbox, Cashfree's test environment or production.
 *
 * Error analytics stay off: the SDK otherwise initialises Sentry with Cashfree's DSN and sends its errors
 * (with request details) to Cashfree.
 */
export function createCashfreePgClient(config: CashfreeGatewayConfig): Cashfree {
  const environment =
    config.apiBase === CASHFREE_PRODUCTION_API_BASE ? CFEnvironment.PRODUCTION : CFEnvironment.SANDBOX;
  const client = new Cashfree(
    environment,
    config.appId,
    config.secretKey,
    undefined,
    undefined,
    undefined,
    false,
  );
  client.basePath = `${config.apiBase}/pg`;
  return client;
}

/** Cashfree Payouts v2 (API version 2024-01-01): beneficiaries and standard transfers. */
export interface CashfreeBeneficiary {
  beneficiary_id: string;
  beneficiary_name: string;
  beneficiary_instrument_details: {
    bank_account_number?: string | null;
    bank_ifsc?: string | null;
    vpa?: string | null;
  };
  beneficiary_contact_details?: {
    beneficiary_email?: string;
    beneficiary_phone?: string;
    beneficiary_country_code?: string;
  };
  beneficiary_status?: string;
  added_on?: string;
}

export interface CashfreeTransfer {
  transfer_id: string;
  cf_transfer_id: string;
  status: string;
  status_code?: string;
  status_description?: string;
  transfer_amount: number;
  transfer_utr?: string | null;
  beneficiary_details: { beneficiary_id: string };
}

export class CashfreeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Cashfree Payouts over `fetch`. Why not `cashfree-payout` (0.0.14): it keeps its credentials and base URL
 * in static fields of one global class, pins axios 1.5.1 (an axios with published advisories) and, unless
 * told otherwise on every call, reports errors to Cashfree's Sentry. Three REST calls do not need it.
 *
 * Production payouts also require Cashfree's 2FA (an IP allow-list or the `x-cf-signature` public-key
 * signature); that belongs to the deployment, not to this client.
 */
export class CashfreePayoutClient {
  constructor(
    private readonly config: CashfreePayoutGatewayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  createBeneficiary(
    beneficiary: Omit<CashfreeBeneficiary, 'beneficiary_status' | 'added_on'>,
  ): Promise<CashfreeBeneficiary> {
    return this.call('POST', '/beneficiary', beneficiary);
  }

  getBeneficiary(beneficiaryId: string): Promise<CashfreeBeneficiary> {
    return this.call('GET', `/beneficiary?beneficiary_id=${encodeURIComponent(beneficiaryId)}`);
  }

  /** A standard transfer; `transfer_id` is the idempotency key (a repeat is refused with 409). */
  createTransfer(transfer: {
    transfer_id: string;
    transfer_amount: number;
    transfer_currency?: 'INR';
    transfer_mode?: 'banktransfer' | 'imps' | 'neft' | 'rtgs' | 'upi';
    beneficiary_details: { beneficiary_id: string };
    transfer_remarks?: string;
  }): Promise<CashfreeTransfer> {
    return this.call('POST', '/transfers', { transfer_currency: 'INR', ...transfer });
  }

  getTransfer(transferId: string): Promise<CashfreeTransfer> {
    return this.call('GET', `/transfers?transfer_id=${encodeURIComponent(transferId)}`);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await this.fetchImpl(`${this.config.apiBase}/payout${path}`, {
      method,
      headers: {
        'x-client-id': this.config.clientId,
        'x-client-secret': this.config.clientSecret,
        'x-api-version': '2024-01-01',
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      throw new CashfreeApiError(
        res.status,
        typeof json.code === 'string' ? json.code : 'http_error',
        typeof json.message === 'string' ? json.message : `Cashfree answered ${res.status}`,
      );
    }
    return json as T;
  }
}
