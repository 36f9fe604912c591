import { apiFetch } from '../api/client.server';
import type { Beneficiary, ChefSettings, PickupLocation, StripeAccount } from './chef-types';
import { forwardFiles } from '../http/multipart.server';
import type { Schemas } from '../api/schemas';

export async function readSettings(request: Request): Promise<ChefSettings> {
  return (await apiFetch<ChefSettings>(request, 'settings')).data;
}

/** A partial update keyed by the settings keys of spec §9. */
export async function saveSettings(
  request: Request,
  changes: Record<string, unknown>,
): Promise<ChefSettings> {
  return (await apiFetch<ChefSettings>(request, 'settings/save-settings', { method: 'POST', json: changes }))
    .data;
}

export async function regenerateSecretCode(request: Request): Promise<string | null> {
  return (await apiFetch<Schemas['SecretCodeDto']>(request, 'secret-code', { method: 'POST' })).data
    .secretCode;
}

export async function uploadPermit(request: Request, file: File): Promise<ChefSettings> {
  return (await forwardFiles<ChefSettings>(request, 'settings/upload-file', 'file', [file])).data;
}

export async function addBeneficiary(request: Request, body: Record<string, unknown>): Promise<Beneficiary> {
  return (
    await apiFetch<Beneficiary>(request, 'settings/add-cashfree-beneficiary', { method: 'POST', json: body })
  ).data;
}

/** The kitchen's Stripe Connect account as last recorded (`settings/stripe-account`). */
export async function readStripeAccount(request: Request): Promise<StripeAccount> {
  return (await apiFetch<StripeAccount>(request, 'settings/stripe-account')).data;
}

/** Creates the Stripe account once and returns a fresh onboarding link (`settings/setup-stripe-account`). */
export async function setupStripeAccount(request: Request): Promise<Schemas['StripeOnboardingDto']> {
  return (
    await apiFetch<Schemas['StripeOnboardingDto']>(request, 'settings/setup-stripe-account', {
      method: 'POST',
    })
  ).data;
}

/** Back from Stripe's onboarding: the API reads the account from Stripe and records it. */
export async function connectStripeAccount(request: Request): Promise<StripeAccount> {
  return (await apiFetch<StripeAccount>(request, 'settings/connect-stripe-account', { method: 'POST' })).data;
}

export async function listPickupLocations(request: Request): Promise<PickupLocation[]> {
  const { data } = await apiFetch<PickupLocation[]>(request, 'settings/pickup-locations');
  return Array.isArray(data) ? data : [];
}

export async function addPickupLocation(
  request: Request,
  body: Record<string, unknown>,
): Promise<PickupLocation> {
  return (
    await apiFetch<PickupLocation>(request, 'settings/pickup-locations', { method: 'POST', json: body })
  ).data;
}

export async function updatePickupLocation(request: Request, id: string, body: Record<string, unknown>) {
  return (
    await apiFetch<PickupLocation>(request, `settings/pickup-locations/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json: body,
    })
  ).data;
}

export async function deletePickupLocation(request: Request, id: string): Promise<void> {
  await apiFetch(request, `settings/pickup-locations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
