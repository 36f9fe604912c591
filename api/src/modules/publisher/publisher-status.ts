import { PublisherStatus } from '@hearth/shared';

/** What an admin does to a kitchen under review. */
export type ReviewAction = 'approve' | 'block';

/**
 * Review transitions: a pending kitchen is approved or blocked; an approved one can be blocked and a
 * blocked one approved again. Anything else (approving an approved kitchen, blocking a blocked one) is a
 * conflict, so a double click never rewrites the review comments by accident.
 */
export const REVIEW_TRANSITIONS: Record<
  ReviewAction,
  { from: readonly PublisherStatus[]; to: PublisherStatus }
> = {
  approve: { from: [PublisherStatus.PENDING, PublisherStatus.BLOCKED], to: PublisherStatus.APPROVED },
  block: { from: [PublisherStatus.PENDING, PublisherStatus.APPROVED], to: PublisherStatus.BLOCKED },
};

/** The status after `action`, or null when the action is not allowed from `current`. */
export function nextReviewStatus(current: PublisherStatus, action: ReviewAction): PublisherStatus | null {
  const rule = REVIEW_TRANSITIONS[action];
  return rule.from.includes(current) ? rule.to : null;
}
