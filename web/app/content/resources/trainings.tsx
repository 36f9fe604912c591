import { Link } from '@remix-run/react';

export default function Trainings() {
  return (
    <>
      <p className="lead">
        Great home cooks are not always experienced business owners. Our free trainings cover the practical
        side of running a kitchen brand on Hearth, from food safety to pricing.
      </p>

      <h2>Food safety essentials</h2>
      <p>
        Safe temperatures, cross-contamination, allergen labelling and packaging for travel. We also explain
        how to find out whether your city, state or province requires a food handler permit or a cottage-food
        registration, and how to add it to your Hearth profile.
      </p>

      <h2>Building a menu people come back to</h2>
      <p>
        How to write dish descriptions that sell, when to use recurring menus, how many dishes to offer at
        first, and how to plan quantities so that you cook to order without waste.
      </p>

      <h2>Pricing for profit</h2>
      <p>
        Working out your ingredient cost per serving, packaging and your time; setting pricing options for
        different portion sizes; and deciding when a delivery fee or a minimum order makes sense.
      </p>

      <h2>Food photography with a phone</h2>
      <p>Natural light, simple backgrounds and a few angles that make any dish look as good as it tastes.</p>

      <h2>Delivery, pickup and catering</h2>
      <p>
        Choosing a delivery radius, organising pickup windows, and taking larger catering orders with enough
        lead time to shop and prepare.
      </p>

      <h2>Join a session</h2>
      <p>
        Trainings run online every month and are recorded for chefs who cannot attend live. Approved chefs
        receive invitations by email; if you are still thinking about joining,{' '}
        <Link to="/l/chef-registration">apply to become a chef</Link> or{' '}
        <Link to="/resources/contact-us">ask us a question</Link>.
      </p>
    </>
  );
}
