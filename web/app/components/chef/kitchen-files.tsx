import { Form } from '@remix-run/react';
import { FormErrors, Panel } from '~/components/form-layout';
import { buttonClass, linkClass } from '~/components/ui';
import { UploadForm } from '~/components/upload-form';
import { KITCHEN_UPLOADS } from '~/lib/chef/chef-registration';
import type { FileRef, PublisherDetail } from '~/lib/chef/chef-types';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';

/** Deleting one uploaded file (a plain form). */
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

/** The files of one kind, as pictures or links, each with its remove button. */
function FileList({
  files,
  noun,
  pictures,
  hidden = [],
}: {
  files: FileRef[];
  noun: string;
  pictures: boolean;
  /** Pictures an admin hid from the public, with the reason (issue 18 part 8). */
  hidden?: readonly { key: string; reason: string }[];
}) {
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
            {hiddenReason(hidden, file.key) !== null ? (
              <p className="text-xs font-medium text-amber-900">
                {`Hidden from customers by Hearth: ${hiddenReason(hidden, file.key)}`}
              </p>
            ) : null}
            <RemoveFile file={file} label={label} />
          </li>
        );
      })}
    </ul>
  );
}

function hiddenReason(hidden: readonly { key: string; reason: string }[], key: string): string | null {
  return hidden.find((h) => h.key === key)?.reason ?? null;
}

/** The kitchen's pictures, identity documents and licences, each kind with its upload form. */
export function KitchenFiles({
  publisher,
  result,
}: {
  publisher: PublisherDetail;
  result: FormResult | undefined;
}) {
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
          <FileList
            files={publisher.kitchenPictures}
            noun="Kitchen picture"
            pictures
            hidden={publisher.blockedPictures}
          />
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
