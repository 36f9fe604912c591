import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaymentGateway } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';
import { PaymentEventStatus } from '../payment-event.entity.js';

/** The states an admin looks at: events that failed for good, and events not applied yet. */
export const STUCK_STATUSES = [PaymentEventStatus.FAILED, PaymentEventStatus.RECEIVED] as const;

export class PaymentEventsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: STUCK_STATUSES, default: PaymentEventStatus.FAILED })
  @IsOptional()
  @IsIn(STUCK_STATUSES, { message: `status must be one of ${STUCK_STATUSES.join(', ')}` })
  status: (typeof STUCK_STATUSES)[number] = PaymentEventStatus.FAILED;
}

export class AdminPaymentEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: Object.values(PaymentGateway) }) gateway: PaymentGateway;
  @ApiProperty({ example: 'checkout.session.completed' }) type: string;
  @ApiProperty({ example: 'evt_1Q…', description: "The gateway's event id" }) eventId: string;
  @ApiProperty({ enum: Object.values(PaymentEventStatus) }) status: PaymentEventStatus;
  @ApiProperty({ description: 'Tries so far' }) attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'The last try’s error' }) error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The order it was about, once known' })
  orderNumber: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) receivedAt: string;
}
