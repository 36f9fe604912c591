import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { EmailSuppressionEntity, SuppressionSource } from './email-suppression.entity.js';

export { SuppressionSource };

/**
 * The global unsubscribe list (`email_suppression`, issue 16): the only writer of that table. An address on
 * it gets no bulk e-mail (announcements, chefs' news, location news); transactional e-mail is not affected.
 */
@Injectable()
export class SuppressionService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Puts the address on the list (again: no change, the first source stays). */
  async unsubscribe(
    email: string,
    source: SuppressionSource,
    bulkMessageId: string | null = null,
    m: EntityManager = this.db.manager,
  ): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(EmailSuppressionEntity)
      .values({ email: email.toLowerCase(), source, bulkMessageId })
      .orIgnore()
      .execute();
  }

  /** Takes the address off the list (not on it: no change). */
  async resubscribe(email: string, m: EntityManager = this.db.manager): Promise<void> {
    await m.getRepository(EmailSuppressionEntity).delete({ email: email.toLowerCase() });
  }

  async isSuppressed(email: string, m: EntityManager = this.db.manager): Promise<boolean> {
    return m.getRepository(EmailSuppressionEntity).exists({ where: { email: email.toLowerCase() } });
  }
}
