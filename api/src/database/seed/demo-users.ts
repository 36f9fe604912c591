import { ConsumerStatus, Role } from '@hearth/shared';
import { ConsumerEntity } from '../../modules/consumer/consumer.entity.js';
import { count, type SeedContext } from './seed-context.js';

/*
 * Demo content of the back office's users and moderation (issue 18 parts 3, 4 and 8): a disabled customer
 * with a reason (not one of the accounts the demo signs in with), and one dish whose pictures an admin hid.
 */

export const DEMO_DISABLED_CUSTOMER = {
  email: 'morgan@customers.example',
  name: 'Morgan Reyes',
  reason: 'Three orders not picked up in March; disabled until they call support.',
};

/** The demo dish with hidden pictures (Maple & Rye's butter tarts) and why. */
export const DEMO_HIDDEN_PICTURE = {
  itemName: 'Butter Tarts (6)',
  kitchenEmail: 'hannah@mapleandrye.example',
  reason: 'The picture shows a shop-bought box, not the dish as sold.',
};

export async function seedModerationDemo(ctx: SeedContext): Promise<void> {
  const consumers = ctx.manager.getRepository(ConsumerEntity);
  const subject = `seed:${DEMO_DISABLED_CUSTOMER.email}`;
  if (!(await consumers.existsBy({ keycloakId: subject }))) {
    await consumers.insert({
      keycloakId: subject,
      name: DEMO_DISABLED_CUSTOMER.name,
      userName: DEMO_DISABLED_CUSTOMER.email,
      userEmail: DEMO_DISABLED_CUSTOMER.email,
      roles: [Role.USER],
      status: ConsumerStatus.DISABLED,
      disabledReason: DEMO_DISABLED_CUSTOMER.reason,
      contactDetails: { name: DEMO_DISABLED_CUSTOMER.name, email: DEMO_DISABLED_CUSTOMER.email },
    });
    count(ctx, 'consumer');
  }
  // Hidden once; an admin who showed the pictures again (an audit row on the item) is not overruled.
  await ctx.manager.query(
    `UPDATE item i SET block_image = true, block_image_reason = $3
       FROM publisher p JOIN consumer c ON c.id = p.consumer_id
      WHERE i.publisher_id = p.id AND (c.user_email = $2 OR p.user_email = $2) AND i.name = $1
        AND NOT i.block_image AND i.block_image_reason IS NULL
        AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.target_type = 'item' AND a.target_id = i.id::text)`,
    [DEMO_HIDDEN_PICTURE.itemName, DEMO_HIDDEN_PICTURE.kitchenEmail, DEMO_HIDDEN_PICTURE.reason],
  );
}
