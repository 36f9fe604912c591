import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { notFound } from '../../../common/problem/problem.exception.js';
import { PaymentEventIntakeService } from '../callbacks/payment-event-intake.service.js';
import type { AdminPaymentEventDto, PaymentEventsQuery } from './payment-events-admin.dto.js';

/** Stuck payment events for admins: the list (oldest first, as they waited longest) and a retry. */
@Injectable()
export class PaymentEventsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly intake: PaymentEventIntakeService,
  ) {}

  async list(query: PaymentEventsQuery): Promise<{ items: AdminPaymentEventDto[]; total: number }> {
    const rows: Array<{
      id: string;
      gateway: AdminPaymentEventDto['gateway'];
      type: string;
      event_id: string;
      status: AdminPaymentEventDto['status'];
      attempts: number;
      error: string | null;
      order_number: string | null;
      received_at: Date;
      total: string;
    }> = await this.db.query(
      `SELECT e.id, e.gateway, e.type, e.event_id, e.status, e.attempts, e.error, o.order_number, e.received_at,
              count(*) OVER () AS total
         FROM payment_event e LEFT JOIN customer_order o ON o.id = e.order_id
        WHERE e.status = $1
        ORDER BY e.received_at, e.id
        LIMIT $2 OFFSET $3`,
      [query.status, query.size, query.page * query.size],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && query.page > 0) {
      const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM payment_event WHERE status = $1`, [
        query.status,
      ])) as Array<{ n: number }>;
      total = count.n;
    }
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        gateway: r.gateway,
        type: r.type,
        eventId: r.event_id,
        status: r.status,
        attempts: r.attempts,
        error: r.error,
        orderNumber: r.order_number,
        receivedAt: r.received_at.toISOString(),
      })),
    };
  }

  async retry(id: string): Promise<{ id: string; status: string }> {
    const row = await this.intake.retry(id);
    if (!row) throw notFound(`Payment event ${id} was not found.`);
    return row;
  }
}
