import { Link } from '@remix-run/react';
import { authHref } from '~/lib/session/auth';
import { PLATFORM_SHARE_PERCENT } from '~/lib/chef/chef-landing';
import { buttonClass, container, linkClass } from './ui';

const STEPS = [
  {
    title: 'Register your kitchen',
    text: 'Its name, what you cook, your phone number and where you cook. It takes a few minutes.',
  },
  {
    title: 'We review it',
    text: 'An admin checks every new kitchen before it opens. You can add pictures and documents meanwhile.',
  },
  {
    title: 'Publish your menus',
    text: 'Add dishes with prices and portions, then pick the dates and time slots you cook, once or every week, and when orders close.',
  },
  {
    title: 'Cook and hand over',
    text: 'Orders arrive under My kitchen → Orders to cook. Customers collect from you or you deliver, and they pay in cash when they get their food.',
  },
];

const NEEDS = [
  'A kitchen name and a short description: what you cook and what makes it yours.',
  'A phone number and your kitchen’s address: it is your first pickup place.',
  'A food handler permit or licence where your city or state requires one; you upload it, with any certificates, once your kitchen is registered, for the review.',
  'Pictures: a logo, your kitchen, and your dishes when you add them.',
  'Where customers get their food: pickup places, a delivery area (zip codes or a radius) with a delivery fee, or both.',
];

function Fees() {
  return (
    <section aria-labelledby="chef-fees-heading" className="rounded-3xl bg-white p-6 shadow-card md:p-8">
      <h2 id="chef-fees-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Fees
      </h2>
      <p className="mt-3 text-4xl font-semibold text-ember-700">{PLATFORM_SHARE_PERCENT}%</p>
      <p className="mt-2 leading-relaxed text-cocoa-800">
        Hearth keeps {PLATFORM_SHARE_PERCENT}% of what customers pay for your orders, delivery fees included;
        the rest is yours. Registering, listing your kitchen and publishing menus cost nothing. An admin may
        set a different percentage for your kitchen.
      </p>
    </section>
  );
}

/**
 * "Become a chef" for someone not signed in: how it works, the platform's share, what to have ready,
 * and the way in (creating an account or signing in both come back to the registration form).
 */
export function BecomeAChefLanding({ returnTo }: { returnTo: string }) {
  return (
    <div className={`${container} max-w-5xl py-12 md:py-16`}>
      <p className="text-sm font-semibold uppercase tracking-wider text-ember-700">Become a chef</p>
      <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight text-cocoa-900 md:text-5xl">
        Sell what you cook, from your own kitchen
      </h1>
      <p className="mt-4 max-w-2xl text-lg leading-relaxed text-cocoa-700">
        Open a kitchen on Hearth: publish menus for the days you want to cook, set your prices, and let people
        near you order ahead for pickup or delivery.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {/* Plain links: both are full-page visits to the API's sign-in flow, back to the form afterwards. */}
        <a href={authHref('register', returnTo)} className={buttonClass.primary}>
          Create an account to start
        </a>
        <a href={authHref('login', returnTo)} className={buttonClass.secondary}>
          I have an account: sign in
        </a>
      </div>

      <section aria-labelledby="chef-steps-heading" className="mt-14">
        <h2 id="chef-steps-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-5 sm:grid-cols-2">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4 rounded-3xl bg-white p-5 shadow-card">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-ember-700 font-semibold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-cocoa-900">{step.title}</h3>
                <p className="mt-1 leading-relaxed text-cocoa-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-14 grid gap-6 md:grid-cols-2">
        <Fees />
        <section aria-labelledby="chef-needs-heading" className="rounded-3xl bg-white p-6 shadow-card md:p-8">
          <h2 id="chef-needs-heading" className="font-display text-2xl font-semibold text-cocoa-900">
            What you need
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-cocoa-800">
            {NEEDS.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </section>
      </div>

      <p className="mt-10 text-cocoa-700">
        More questions? Read{' '}
        <Link to="/resources/howItWorks" className={linkClass}>
          how Hearth works
        </Link>{' '}
        or the free{' '}
        <Link to="/resources/trainings" className={linkClass}>
          chef trainings
        </Link>
        .
      </p>
    </div>
  );
}

/** The same facts in one paragraph, above the registration form of someone signed in. */
export function BecomeAChefSummary() {
  return (
    <p className="mb-8 max-w-2xl text-lg leading-relaxed text-cocoa-800">
      Open your kitchen on Hearth: tell us about it, where you cook and how customers reach you. An admin
      reviews every new kitchen before it opens. Hearth keeps {PLATFORM_SHARE_PERCENT}% of what customers pay
      for your orders (an admin may set a different percentage for your kitchen); registering costs nothing.
    </p>
  );
}
