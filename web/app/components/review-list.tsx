import { dateFormat } from '~/lib/format/dates';
import type { Review } from '~/lib/catalog/catalog';

/** The day a review was published, in `timeZone` (the kitchen's on its pages). */
function published(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat({ month: 'long', day: 'numeric', year: 'numeric' }, timeZone).format(d);
}

/** Reviews as a list: stars, words, pictures, who and when. */
export function ReviewList({ reviews, timeZone = 'UTC' }: { reviews: readonly Review[]; timeZone?: string }) {
  return (
    <ul className="mt-4 space-y-4">
      {reviews.map((r) => (
        <li key={r.id} className="rounded-3xl bg-white p-5 shadow-card">
          <p className="text-ember-700" role="img" aria-label={`${r.ratingValue} out of 5 stars`}>
            <span aria-hidden="true">
              {'★'.repeat(r.ratingValue)}
              {'☆'.repeat(Math.max(0, 5 - r.ratingValue))}
            </span>
          </p>
          {r.reviewBody ? <p className="mt-2 leading-relaxed text-cocoa-800">{r.reviewBody}</p> : null}
          {r.images?.length ? (
            <ul className="mt-3 flex gap-2" aria-label="Pictures with the review">
              {r.images.map((src, i) => (
                <li key={src}>
                  <img
                    src={src}
                    alt={`Picture ${i + 1} of the review`}
                    loading="lazy"
                    className="h-20 w-20 rounded-xl bg-cream-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm text-cocoa-600">
            {[r.userName, r.itemName, published(r.datePublished, timeZone)].filter(Boolean).join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
