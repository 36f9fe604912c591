import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaymentGateway, PayoutRefundStatus } from '@hearth/shared';

const LISTED = [PayoutRefundStatus.FAILED, PayoutRefundStatus.DRAFTED] as const;

export class SettlementsQuery {
  @ApiPropertyOptional({ enum: LISTED, default: PayoutRefundStatus.FAILED })
  @IsOptional()
  @IsIn(LISTED, { message: `status must be one of ${LISTED.join(', ')}` })
  status?: (typeof LISTED)[number];
}

/** One refund (to a customer) or payout (to a kitchen) of one ordered date, as an admin follows it up. */
export class AdminSettlementDto {
  @ApiProperty({ format: 'uuid', description: 'The date selection' }) selectionId: string;
  @ApiProperty({ enum: ['refund', 'payout'] }) kind: 'refund' | 'payout';
  @ApiProperty({ enum: Object.values(PayoutRefundStatus) }) status: PayoutRefundStatus;
  @ApiProperty({ example: '17.98' }) amount: string;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ description: 'Gateway attempts refused so far' }) attempts: number;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Why the last attempt failed, as the gateway said',
  })
  error: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The gateway's refund or transfer id" })
  reference: string | null;
  @ApiProperty({ example: '2026-12-03' }) date: string;
  @ApiProperty() orderNumber: string;
  @ApiProperty({ format: 'uuid' }) publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ enum: Object.values(PaymentGateway) }) gateway: PaymentGateway;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}
