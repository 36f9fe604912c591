import { NUTRITION_ROWS } from '~/lib/catalog/catalog';

/** The neutral picture shown where an admin hid a dish's or kitchen's picture (issue 18 part 8). */
export const HIDDEN_PICTURE_SRC = '/images/picture-hidden.svg';

/**
 * The item's pictures: the first large, the others as thumbnails; a placeholder without any, and a
 * neutral picture that says so when an admin hid them. The chef and admins still see them, marked hidden.
 */
export function Pictures({
  item,
}: {
  item: {
    name: string;
    blockImage?: boolean;
    itemPictures: { id: string; url: string; sizes: { width: number | null; url: string }[] }[];
  };
}) {
  const [first, ...rest] = item.itemPictures;
  if (!first && item.blockImage) {
    return (
      <img
        src={HIDDEN_PICTURE_SRC}
        alt={`The picture of ${item.name} is hidden by Hearth's moderators`}
        className="aspect-[4/3] w-full rounded-3xl bg-cream-200 object-cover"
      />
    );
  }
  if (!first) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-[4/3] items-center justify-center rounded-3xl bg-ember-50 font-display text-6xl text-ember-300"
      >
        {item.name.slice(0, 1)}
      </div>
    );
  }
  const srcSet = (p: typeof first) =>
    p.sizes
      .filter((s) => s.width)
      .map((s) => `${s.url} ${s.width}w`)
      .join(', ') || undefined;
  return (
    <div className="space-y-3">
      {item.blockImage ? (
        <p className="rounded-2xl bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900">
          Hidden from the public by an admin: customers see a neutral picture.
        </p>
      ) : null}
      <img
        src={first.url}
        srcSet={srcSet(first)}
        sizes="(min-width: 1024px) 560px, 100vw"
        alt={`${item.name}`}
        className="aspect-[4/3] w-full rounded-3xl bg-cream-200 object-cover"
      />
      {rest.length ? (
        <ul className="grid grid-cols-3 gap-3" aria-label="More pictures">
          {rest.map((p, i) => (
            <li key={p.id}>
              <img
                src={p.url}
                srcSet={srcSet(p)}
                sizes="180px"
                alt={`${item.name}, picture ${i + 2}`}
                loading="lazy"
                className="aspect-square w-full rounded-2xl bg-cream-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A titled paragraph of the item (ingredients, health benefits…), left out when empty. */
export function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <div>
      <h3 className="font-semibold text-cocoa-900">{title}</h3>
      <p className="mt-1 whitespace-pre-line leading-relaxed text-cocoa-800">{text}</p>
    </div>
  );
}

/** The nutrition facts given (0 means not given), as a label-style table. */
export function NutritionPanel({ nutrition }: { nutrition: Record<string, number> }) {
  const rows = NUTRITION_ROWS.filter((r) => Number(nutrition[r.key]) > 0);
  if (rows.length === 0)
    return <p className="text-sm text-cocoa-700">The chef has not given nutrition facts for this dish.</p>;
  return (
    <table className="w-full max-w-md border-t-8 border-cocoa-900 text-sm">
      <caption className="sr-only">Nutrition facts per serving</caption>
      <thead>
        <tr className="border-b border-cocoa-700/30 text-left text-xs text-cocoa-700">
          <th scope="col" className="py-1.5 font-semibold">
            Amount per serving
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            % Daily value
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const percent = Number(nutrition[`${r.key}_percent`]);
          return (
            <tr key={r.key} className="border-b border-cocoa-700/15">
              <th
                scope="row"
                className={`py-1.5 text-left font-normal text-cocoa-900 ${r.indent ? 'pl-4' : 'font-semibold'}`}
              >
                {r.label}{' '}
                <span className="font-normal text-cocoa-700">
                  {nutrition[r.key]}
                  {r.unit}
                </span>
              </th>
              <td className="py-1.5 text-right text-cocoa-900">{percent > 0 ? `${percent}%` : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
