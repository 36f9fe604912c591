/** The search-by keys of the admin's user search (spec §9), as the form offers them. */
export const USER_SEARCH_KEYS = [
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Phone' },
  { value: 'kitchen', label: 'Kitchen name' },
  { value: 'id', label: 'Id (person or kitchen)' },
] as const;

export type UserSearchKey = (typeof USER_SEARCH_KEYS)[number]['value'];

export function isUserSearchKey(value: string | null): value is UserSearchKey {
  return USER_SEARCH_KEYS.some((k) => k.value === value);
}

export const USERS_PAGE = '/l/admin/users';
export const USER_SEARCH_PAGE_SIZE = 20;

export const USER_STATUS_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  DISABLED: 'Disabled',
};
