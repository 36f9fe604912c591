import { MESSAGES, NOTIFICATION_DURATION_MS, genericErrorMessage } from '@hearth/shared';
import type { Problem } from '@hearth/shared';

/** The four kinds of notification of spec §8. */
export const NOTIFICATION_KINDS = ['positive', 'negative', 'warning', 'info'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationInput {
  kind: NotificationKind;
  text: string;
}

export interface Notification extends NotificationInput {
  /** Distinguishes two notifications with the same text (a dismissed one never comes back). */
  id: string;
}

export { NOTIFICATION_DURATION_MS };

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** A notification with empty (or blank) text is never shown (spec §5). */
export function shouldShowNotification(n: Pick<NotificationInput, 'text'> | null | undefined): boolean {
  return typeof n?.text === 'string' && n.text.trim() !== '';
}

/**
 * The generic failure text of spec §8: with error data, "Error: {title or Something went wrong} -
 * {status} - …"; without any (e.g. the API was unreachable), "Invalid Request. Check your internet…".
 */
export function failureText(problem: Pick<Problem, 'title' | 'status'> | null | undefined): string {
  return problem ? genericErrorMessage(problem.title, problem.status) : MESSAGES.invalidRequest;
}

/** The negative notification for a failed API call. */
export function failureNotification(
  problem: Pick<Problem, 'title' | 'status'> | null | undefined,
): NotificationInput {
  return { kind: 'negative', text: failureText(problem) };
}

/** The generic success notification of spec §8. */
export function successNotification(text: string = MESSAGES.operationSuccess): NotificationInput {
  return { kind: 'positive', text };
}
