import { PublisherStatus, Role } from '@hearth/shared';
import { count, type SeedContext } from './seed-context.js';
import type { SeededKitchen } from './seed-kitchens.js';
import type { PeopleByEmail } from './seed-people.js';
import { DEMO_ADMIN } from './demo-data.js';

/**
 * The admin home's demo content (issue 18 parts 6 and 9): the numbers come from the demo orders; the audit
 * trail gets its first entries, the demo admin's approval of each approved demo kitchen, so the reader at
 * /l/admin/audit has something to filter on `npm start`. Idempotent: a kitchen that already has an approval
 * on the trail (this seed's or a real one) gets none; the trail is append-only, so nothing is ever changed.
 */
export async function seedAuditTrail(
  ctx: SeedContext,
  kitchens: readonly SeededKitchen[],
  people: PeopleByEmail,
): Promise<void> {
  const adminId = people.get(DEMO_ADMIN.email);
  if (!adminId || kitchens.length === 0) return;
  const rows = (await ctx.manager.query(
    `INSERT INTO audit_log (actor_consumer_id, actor_role, action, target_type, target_id, before, after, request_id, created_at)
     SELECT $1, $2, 'publisher.approve', 'publisher', p.id::text,
            jsonb_build_object('status', '${PublisherStatus.PENDING}', 'statusReviewComments', NULL),
            jsonb_build_object('status', p.status, 'statusReviewComments', p.status_review_comments),
            'seed-' || left(p.id::text, 8), p.created_at
       FROM publisher p
      WHERE p.id = ANY($3::uuid[]) AND p.status = '${PublisherStatus.APPROVED}'
        AND NOT EXISTS (SELECT 1 FROM audit_log a
                         WHERE a.action = 'publisher.approve' AND a.target_id = p.id::text)
     RETURNING id`,
    [adminId, Role.ADMIN, kitchens.map((k) => k.publisherId)],
  )) as unknown;
  const inserted =
    Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0].length : Array.isArray(rows) ? rows.length : 0;
  if (inserted > 0) count(ctx, 'audit_log', inserted);
}
