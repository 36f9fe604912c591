import { isForbiddenPageId } from '@hearth/shared';
import {
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** Letters, digits and inner hyphens: the kitchen name is the storefront path `/{kitchenName}`. */
export const KITCHEN_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
export const KITCHEN_NAME_MIN = 3;
export const KITCHEN_NAME_MAX = 40;

/** First path segments the site itself uses; a storefront called like one of them would be unreachable. */
export const RESERVED_KITCHEN_NAMES: readonly string[] = [
  'l',
  'kitchen',
  'resources',
  'services',
  'build',
  'assets',
  'icons',
  'files',
];

/** Why a kitchen name cannot be used, or null when it can (uniqueness is the database's job). */
export function kitchenNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'kitchenName is required';
  if (name.length < KITCHEN_NAME_MIN || name.length > KITCHEN_NAME_MAX) {
    return `kitchenName must be between ${KITCHEN_NAME_MIN} and ${KITCHEN_NAME_MAX} characters`;
  }
  if (!KITCHEN_NAME_PATTERN.test(name)) {
    return 'kitchenName may contain only letters, digits and hyphens, and must start and end with a letter or digit';
  }
  const lower = name.toLowerCase();
  if (RESERVED_KITCHEN_NAMES.includes(lower))
    return `kitchenName "${name}" is reserved by the site; choose another name`;
  // The /{id} page refuses these fragments (spec §2), so such a storefront could never be opened.
  if (isForbiddenPageId(lower))
    return `kitchenName "${name}" cannot be used as a page address; choose another name`;
  return null;
}

/** class-validator rule behind `@Validate(KitchenNameRule)`: one message saying exactly what is wrong. */
@ValidatorConstraint({ name: 'kitchenName' })
export class KitchenNameRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return kitchenNameProblem(value) === null;
  }

  defaultMessage(args: ValidationArguments): string {
    return kitchenNameProblem(args.value) ?? 'kitchenName is not valid';
  }
}
