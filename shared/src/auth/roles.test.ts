import { describe, expect, it } from 'vitest';
import { Role } from '../enums/index.js';
import { hasRole } from './roles.js';

describe('hasRole', () => {
  it('is true only for a role the holder has', () => {
    const chef = { roles: [Role.USER, Role.CHEF] };
    expect(hasRole(chef, Role.CHEF)).toBe(true);
    expect(hasRole(chef, Role.ADMIN)).toBe(false);
  });

  it('is false for nobody', () => {
    expect(hasRole(null, Role.USER)).toBe(false);
    expect(hasRole(undefined, Role.USER)).toBe(false);
  });
});
