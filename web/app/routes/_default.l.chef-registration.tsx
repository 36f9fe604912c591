import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { PublisherStatus } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { BecomeAChefLanding, BecomeAChefSummary } from '~/components/become-a-chef';
import { FormErrors, Panel } from '~/components/form-fields';
import { KitchenDetailsForm } from '~/components/kitchen-details-form';
import { buttonClass, linkClass } from '~/components/ui';
import { UploadForm } from '~/components/upload-form';
import { isApiError } from '~/lib/api/client.server';
import { getAuth } from '~/lib/session/auth.server';
import { BRAND_TYPE_LABELS, shortDate, timeZoneOptions } from '~/lib/format/chef-format';
import {
  KITCHEN_UPLOADS,
  emptyRegistrationValues,
  isKitchenUpload,
  parseRegistration,
  publisherToValues,
  resolveRegistrationField,
} from '~/lib/chef/chef-registration';
import type { FileRef, PublisherDetail } from '~/lib/chef/chef-types';
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

function ReviewState({ publisher }: { publisher: PublisherDetail }) {
  const storefront = publisher.storefrontPath || `/${publisher.kitchenName}`;
  const comments = publisher.statusReviewComments ? (
    <p className="mt-3 text-cocoa-800">
      <span className="font-semibold">Review comments:</span> {publisher.statusReviewComments}
    </p>
  ) : null;
  if (publisher.status === PublisherStatus.APPROVED) {
    return (
      <div role="status" className="rounded-3xl border border-sage-500/40 bg-sage-100 p-6">
        <h2 className="font-display text-2xl font-semibold text-sage-700">Your kitchen is approved</h2>
        <p className="mt-2 text-cocoa-800">
          {publisher.brandDisplayName} is open on Hearth. Add your items and publish menus to start selling.
        </p>
        {comments}
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/l/manage-menus" className={buttonClass.primary}>
            Manage menus
          </Link>
          <Link to="/l/settings" className={buttonClass.secondary}>
            Settings
          </Link>
          <Link to={storefront} className={buttonClass.secondary}>
            Your storefront
          </Link>
        </div>
      </div>
    );
  }
  if (publisher.status === PublisherStatus.BLOCKED) {
    return (
      <div role="status" className="rounded-3xl border border-red-700/30 bg-red-50 p-6">
        <h2 className="font-display text-2xl font-semibold text-red-900">Your kitchen is blocked</h2>
        <p className="mt-2 text-cocoa-800">
          Customers cannot see {publisher.brandDisplayName} or its items. Fix what the review asks for below,
          then{' '}
          <Link to="/resources/contact-us" className={linkClass}>
            contact us
          </Link>
          .
        </p>
        {comments}
      </div>
    );
  }
  return (
    <div role="status" className="rounded-3xl border border-ember-300 bg-ember-50 p-6">
      <h2 className="font-display text-2xl font-semibold text-ember-800">Your kitchen awaits review</h2>
      <p className="mt-2 text-cocoa-800">
        Thank you for registering {publisher.brandDisplayName}. An admin will review it soon; once it is
        approved you can publish menus from this account, with nothing more to do. Meanwhile, add your logo,
        pictures and licences below.
      </p>
      {comments}
      <p className="mt-3 text-sm text-cocoa-700">Registered on {shortDate(publisher.createdAt)}.</p>
    </div>
  );
}

function RemoveFile({ file, label }: { file: FileRef; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove-file" />
      <input type="hidden" name="key" value={file.key} />
      <button type="submit" className={buttonClass.ghost}>
        Remove<span className="sr-only"> {label}</span>
      </button>
    </Form>
  );
}

function FileList({ files, noun, pictures }: { files: FileRef[]; noun: string; pictures: boolean }) {
  if (files.length === 0) return <p className="text-sm text-cocoa-600">None yet.</p>;
  return (
    <ul className={pictures ? 'grid grid-cols-2 gap-4 sm:grid-cols-4' : 'space-y-2'}>
      {files.map((file, i) => {
        const label = `${noun} ${i + 1}`;
        return (
          <li key={file.key} className="flex flex-col items-start gap-1">
            {pictures ? (
              <img
                src={file.url}
                alt={label}
                className="aspect-square w-full rounded-2xl bg-cream-200 object-cover"
              />
            ) : (
              <a href={file.url} className={linkClass} target="_blank" rel="noreferrer">
                {label}
              </a>
            )}
            <RemoveFile file={file} label={label} />
          </li>
        );
      })}
    </ul>
  );
}

function KitchenFiles({ publisher, result }: { publisher: PublisherDetail; result: FormResult | undefined }) {
  const removeError = resultFor(result, 'remove-file');
  return (
    <Panel id="kitchen-files" title="Pictures and documents">
      <FormErrors errors={removeError?.formErrors} />
      <div className="grid gap-8 md:grid-cols-2">
        <div className="space-y-3">
          <h3 className="font-semibold text-cocoa-900">{KITCHEN_UPLOADS['upload-logo'].label}</h3>
          {publisher.logo ? (
            <img
              src={publisher.logo}
              alt={`Logo of ${publisher.brandDisplayName}`}
              className="h-24 w-24 rounded-3xl object-cover"
            />
          ) : (
            <p className="text-sm text-cocoa-600">No logo yet.</p>
          )}
          <UploadForm
            intent="upload-logo"
            label="Choose a logo"
            accept="image/*"
            submitLabel="Upload logo"
            result={result}
            hint="A square picture looks best. JPEG, PNG or WebP, 5 MB at most."
          />
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-cocoa-900">{KITCHEN_UPLOADS['upload-kitchen-pictures'].label}</h3>
          <FileList files={publisher.kitchenPictures} noun="Kitchen picture" pictures />
          <UploadForm
            intent="upload-kitchen-pictures"
            label="Choose kitchen pictures"
            accept="image/*"
            multiple
            submitLabel="Upload kitchen pictures"
            result={result}
            hint="Shown to customers; up to 10."
          />
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-cocoa-900">
            {KITCHEN_UPLOADS['upload-identity-pictures'].label}
          </h3>
          <FileList files={publisher.identityPictures} noun="Identity document" pictures={false} />
          <UploadForm
            intent="upload-identity-pictures"
            label="Choose identity pictures"
            accept="image/*,application/pdf"
            multiple
            submitLabel="Upload identity pictures"
            result={result}
            hint="Private: only you and the admins see them."
          />
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-cocoa-900">{KITCHEN_UPLOADS['upload-licenses'].label}</h3>
          <FileList files={publisher.licensesAndCertifications} noun="Licence" pictures={false} />
          <UploadForm
            intent="upload-licenses"
            label="Choose licences and certifications"
            accept="image/*,application/pdf"
            multiple
            submitLabel="Upload licences"
            result={result}
            hint="Private: PDF or picture."
          />
        </div>
      </div>
    </Panel>
  );
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
