import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { EnquiryStatus } from '@hearth/shared';
import { notFound } from '../../common/problem/problem.exception.js';
import type { FeedbackViewDto, InboxItemDto, InboxKind, InboxQuery } from './dto/inbox.dto.js';
import { inboxSql } from './inbox.sql.js';

interface InboxRow {
  kind: InboxKind;
  id: string;
  created_at: Date;
  name: string | null;
  email: string | null;
  excerpt: string;
  status: EnquiryStatus | null;
  kitchen_name: string | null;
}

interface FeedbackRow {
  id: string;
  created_at: Date;
  name: string | null;
  email: string | null;
  message: string;
  rating: number | null;
  page_url: string | null;
}

/**
 * The admin inbox (issue 18 part 1): contact messages, enquiries of every type and customer feedback in one
 * list, newest first, with filters and full-text search (inbox.sql.ts). Feedback is read here only (the
 * feedback module writes it) and has no open/closed state.
 */
@Injectable()
export class InboxService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(query: InboxQuery, timeZone: string): Promise<{ items: InboxItemDto[]; total: number }> {
    const { sql, params, countSql, countParams } = inboxSql({ ...query, timeZone });
    const [rows, [count]] = await Promise.all([
      this.db.query(sql, params) as Promise<InboxRow[]>,
      this.db.query(countSql, countParams) as Promise<Array<{ total: number }>>,
    ]);
    return {
      total: count?.total ?? 0,
      items: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        createdAt: r.created_at.toISOString(),
        name: r.name,
        email: r.email,
        excerpt: r.excerpt,
        status: r.status,
        kitchenName: r.kitchen_name,
      })),
    };
  }

  async feedback(id: string): Promise<FeedbackViewDto> {
    const [row] = isUUID(id)
      ? ((await this.db.query(
          `SELECT id, created_at, name, email, message, rating, page_url FROM feedback WHERE id = $1`,
          [id],
        )) as FeedbackRow[])
      : [];
    if (!row) throw notFound(`Feedback ${id} was not found.`, { id });
    return {
      id: row.id,
      createdAt: row.created_at.toISOString(),
      name: row.name,
      email: row.email,
      message: row.message,
      rating: row.rating,
      pageUrl: row.page_url,
    };
  }
}
