import { ApiProperty } from '@nestjs/swagger';

/** One row of the audit trail (admin/audit-log). */
export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) actorConsumerId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The actor's name now (null: no such account)" })
  actorName: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The actor's e-mail address now" })
  actorEmail: string | null;
  @ApiProperty({ example: 'ROLE_ADMIN' }) actorRole: string;
  @ApiProperty({ example: 'publisher.approve' }) action: string;
  @ApiProperty({ example: 'publisher' }) targetType: string;
  @ApiProperty({ type: String, nullable: true }) targetId: string | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true })
  before: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true })
  after: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) requestId: string | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
}

/** One action found on the trail, for the reader's action filter. */
export class AuditActionDto {
  @ApiProperty({ example: 'publisher.approve' }) action: string;
  @ApiProperty({ type: Number, description: 'How many rows carry it' }) count: number;
}
