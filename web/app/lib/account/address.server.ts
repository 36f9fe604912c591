import type { Address, AddressInput } from './address';
import { apiFetch } from '../api/client.server';

const PATH = 'consumer/delivery/address';

/** The signed-in user's saved delivery addresses. */
export async function listAddresses(request: Request): Promise<Address[]> {
  const { data } = await apiFetch<Address[]>(request, PATH);
  return Array.isArray(data) ? data : [];
}

export async function createAddress(request: Request, input: AddressInput): Promise<Address> {
  return (await apiFetch<Address>(request, PATH, { method: 'POST', json: input })).data;
}

export async function updateAddress(request: Request, id: string, input: AddressInput): Promise<Address> {
  return (
    await apiFetch<Address>(request, `${PATH}/${encodeURIComponent(id)}`, { method: 'PUT', json: input })
  ).data;
}

export async function deleteAddress(request: Request, id: string): Promise<void> {
  await apiFetch(request, `${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
