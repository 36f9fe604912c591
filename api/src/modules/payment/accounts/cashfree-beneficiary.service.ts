import { HttpStatus, Injectable } from '@nestjs/common';
import { ProblemType } from '@hearth/shared';
import type { Principal } from '../../../common/http/principal.js';
import { ProblemException } from '../../../common/problem/problem.exception.js';
import { BeneficiaryService, type BeneficiaryToRegister } from '../../settings/beneficiary.service.js';
import type { AddBeneficiaryDto, BeneficiaryDto } from '../../settings/dto/beneficiary.dto.js';
import { CashfreeApiError } from '../gateways/cashfree-client.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';
import { gatewayFailure } from './stripe-connect.service.js';

/**
 * `settings/add-cashfree-beneficiary` with Cashfree Payouts (issue 15 item 3). The settings module stores
 * the account (encrypted, step-up, audit, e-mail); this registers it with Cashfree first, so only an account
 * Cashfree accepted is stored, with `registered_at`, and payouts can go to its `bene_id`.
 *
 * - Cashfree refuses it (4xx: bad IFSC, invalid account, …): 400 with Cashfree's reason, nothing stored; the
 *   chef corrects the form and sends it again.
 * - Cashfree does not answer or fails (5xx, timeout): 502, nothing stored; sending the form again retries.
 * - Cashfree Payouts not configured (development without keys): stored unregistered, as before this issue
 *   (`registeredWithGateway: false`); payouts for the kitchen wait until an account is registered.
 */
@Injectable()
export class CashfreeBeneficiaryService {
  constructor(
    private readonly beneficiaries: BeneficiaryService,
    private readonly gateways: PaymentGatewaysService,
  ) {}

  add(actor: Principal, dto: AddBeneficiaryDto): Promise<BeneficiaryDto> {
    const payouts = this.gateways.cashfreePayout;
    if (!payouts) return this.beneficiaries.add(actor, dto, null);
    return this.beneficiaries.add(actor, dto, async (b: BeneficiaryToRegister) => {
      try {
        await payouts.createBeneficiary({
          beneficiary_id: b.beneId,
          beneficiary_name: b.name,
          beneficiary_instrument_details: { bank_account_number: b.accountNumber, bank_ifsc: b.ifsc },
          beneficiary_contact_details: {
            beneficiary_email: b.email,
            beneficiary_phone: b.phone.replace(/^\+?91(?=\d{10}$)/, ''),
            beneficiary_country_code: '+91',
          },
        });
      } catch (err) {
        if (err instanceof CashfreeApiError && err.status >= 400 && err.status < 500)
          throw new ProblemException(HttpStatus.BAD_REQUEST, {
            type: ProblemType.VALIDATION,
            title: 'Bad Request',
            detail: `Cashfree did not accept this bank account: ${err.message}. Check the account number and IFSC; nothing was saved.`,
            message: 'error.payout.beneficiary_refused',
            params: { code: err.code },
          });
        throw gatewayFailure('Cashfree Payouts', err);
      }
    });
  }
}
