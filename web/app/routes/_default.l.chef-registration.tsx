import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { AccountPage } from '~/components/account-page';
import { BecomeAChefLanding, BecomeAChefSummary } from '~/components/become-a-chef';
import { FormErrors } from '~/components/form-layout';
import { KitchenDetailsForm } from '~/components/kitchen-details-form';
import { isApiError } from '~/lib/api/client.server';
import { getAuth } from '~/lib/session/auth.server';
import { BRAND_TYPE_LABELS, timeZoneOptions } from '~/lib/format/chef-format';
import {
  KITCHEN_UPLOADS,
  emptyRegistrationValues,
  isKitchenUpload,
  parseRegistration,
  publisherToValues,
  resolveRegistrationField,
} from '~/lib/chef/chef-registration';
import { apiFailure, formRefusal, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, resultFor } from '~/lib/forms/form-values';
import { requireUser } from '~/lib/session/guards.server';
import { readActionForm, runUpload } from '~/lib/http/multipart.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import {
  ownPublisher,
  registerPublisher,
  removeKitchenFile,
  savePublisher,
  uploadKitchenFiles,
} from '~/lib/chef/publisher.server';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { ReviewState } from '~/components/chef/kitchen-review-state';
import { KitchenFiles } from '~/components/chef/kitchen-files';

const PAGE = '/l/chef-registration';

export const meta: MetaFunction = () => [{ title: 'Become a chef — Hearth' }];

/**
 * /l/chef-registration: for a guest, what becoming a chef means (how it works, fees, what to have ready)
 * with the ways to sign in or register that come back here; signed in, the registration form, and once
 * registered, the kitchen's review state, its pictures and documents, and its details to change.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await getAuth(request);
  // Nobody signed in (and the API could say so): the landing page. Otherwise the guard decides.
  if (!auth.user && !auth.unavailable) return { guest: true as const, returnTo: PAGE };
  const { name, email } = await requireUser(request);
  const origin = new URL(request.url).origin;
  try {
    const publisher = await ownPublisher(request);
    const timeZones = timeZoneOptions(publisher?.timeZone?.timeZoneId);
    return { guest: false as const, user: { name, email }, origin, timeZones, publisher, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      guest: false as const,
      user: { name, email },
      origin,
      timeZones: [] as string[],
      publisher: null,
      loadError: failureText(error.problem),
    };
  }
}

/** What a successful form on this page did, said plainly (spec §8's generic text only as a fallback). */
const SAVED_MESSAGES = {
  register: 'Your kitchen is submitted for review.',
  save: 'Your kitchen details are saved.',
  'remove-file': 'The file is removed.',
} as const;

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readActionForm(request);
  const intent = form.get('intent');

  if (intent === 'register' || intent === 'save') {
    const values = readValues(form);
    const failed = { intent, values };
    const parsed = parseRegistration(values, { forSave: intent === 'save' });
    if (!parsed.ok) return formRefusal(failed, parsed.fieldErrors);
    try {
      if (intent === 'register') await registerPublisher(request, parsed.body);
      else await savePublisher(request, parsed.body);
    } catch (error) {
      return apiFailure(error, failed, resolveRegistrationField);
    }
    return redirectWithToast(PAGE, successNotification(SAVED_MESSAGES[intent]));
  }

  if (isKitchenUpload(intent)) {
    const failure = await runUpload(form, { intent }, (files) => uploadKitchenFiles(request, intent, files));
    return (
      failure ?? redirectWithToast(PAGE, successNotification(`${KITCHEN_UPLOADS[intent].label} uploaded.`))
    );
  }

  if (intent === 'remove-file') {
    const key = String(form.get('key') ?? '');
    if (!key) return formRefusal({ intent, target: null }, {}, ['Which file? The form did not say.']);
    try {
      await removeKitchenFile(request, key);
    } catch (error) {
      return apiFailure(error, { intent, target: key });
    }
    return redirectWithToast(PAGE, successNotification(SAVED_MESSAGES['remove-file']));
  }
  return unknownIntent();
}

export default function ChefRegistrationRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.guest) return <BecomeAChefLanding returnTo={loaded.returnTo} />;
  return <SignedInRegistration {...loaded} />;
}

function SignedInRegistration({
  user,
  origin,
  timeZones,
  publisher,
  loadError,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { guest: true }>) {
  const result = useActionData<typeof action>() as FormResult | undefined;

  if (loadError) {
    return (
      <AccountPage title="Become a chef" user={user}>
        <FormErrors errors={[loadError]} />
      </AccountPage>
    );
  }

  if (!publisher) {
    const failed = resultFor(result, 'register');
    return (
      <AccountPage title="Become a chef" user={user}>
        <BecomeAChefSummary />
        <section className="rounded-3xl bg-white p-6 shadow-card">
          <h2 id="kitchen-register-title" className="mb-6 font-display text-2xl font-semibold text-cocoa-900">
            Register your kitchen
          </h2>
          <KitchenDetailsForm
            intent="register"
            values={failed?.values ?? emptyRegistrationValues()}
            errors={failed?.fieldErrors}
            formErrors={failed?.formErrors}
            origin={origin}
            timeZones={timeZones}
            submitLabel="Register my kitchen"
          />
        </section>
      </AccountPage>
    );
  }

  const saveFailed = resultFor(result, 'save');
  return (
    <AccountPage title={publisher.brandDisplayName} user={user}>
      <div className="space-y-8">
        <ReviewState publisher={publisher} />
        <p className="text-cocoa-700">
          {BRAND_TYPE_LABELS[publisher.brandType] ?? publisher.brandType} · storefront{' '}
          <span className="font-semibold text-cocoa-900">
            {origin}
            {publisher.storefrontPath || `/${publisher.kitchenName}`}
          </span>{' '}
          · prices in {publisher.currencyCode}
        </p>
        <KitchenFiles publisher={publisher} result={result} />
        <section className="rounded-3xl bg-white p-6 shadow-card">
          <h2 id="kitchen-save-title" className="mb-6 font-display text-2xl font-semibold text-cocoa-900">
            Kitchen details
          </h2>
          <KitchenDetailsForm
            intent="save"
            values={saveFailed?.values ?? publisherToValues(publisher)}
            errors={saveFailed?.fieldErrors}
            formErrors={saveFailed?.formErrors}
            origin={origin}
            timeZones={timeZones}
            submitLabel="Save kitchen details"
          />
        </section>
      </div>
    </AccountPage>
  );
}
