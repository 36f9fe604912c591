import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'hearth:isPublic';

/** Marks an endpoint as open to anonymous callers; every other endpoint needs a role (sign-in issue). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
