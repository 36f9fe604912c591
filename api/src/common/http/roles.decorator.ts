import { SetMetadata } from '@nestjs/common';
import type { Role } from '@hearth/shared';

export const ROLES = 'hearth:roles';

/** The caller needs at least one of these roles (checked by the access guard). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);
