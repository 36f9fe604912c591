import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * Work to do once the transaction of an `EntityManager` has committed (never when it rolls back): the
 * kitchen listener stages e-mails inside the publisher's transaction and queues their jobs after it. Uses
 * TypeORM's own transaction events (a data-source subscriber), so the caller's code needs no change.
 */
@Injectable()
export class AfterCommitRegistry implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger(AfterCommitRegistry.name);
  private readonly pending = new WeakMap<QueryRunner, Array<() => Promise<void>>>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onModuleInit(): void {
    if (!this.db.subscribers.includes(this)) this.db.subscribers.push(this);
  }

  /** Runs `work` after `m`'s transaction commits; at once when `m` is not in a transaction. */
  async defer(m: EntityManager, work: () => Promise<void>): Promise<void> {
    const runner = m.queryRunner;
    if (!runner?.isTransactionActive) return this.run(work);
    const list = this.pending.get(runner) ?? [];
    list.push(work);
    this.pending.set(runner, list);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint released: the outer transaction is still open
    const list = this.pending.get(runner);
    if (!list) return;
    this.pending.delete(runner);
    for (const work of list) await this.run(work);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }

  private async run(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn({ err: error }, 'Work after a commit failed');
    }
  }
}
