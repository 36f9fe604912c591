import { Link } from '@remix-run/react';

export default function HowItWorks() {
  return (
    <>
      <p className="lead">
        Hearth works like ordering from a favourite neighbour who happens to cook brilliantly. Chefs publish
        what they will cook and when; you order ahead and pick it up or have it delivered.
      </p>

      <h2>For food lovers</h2>
      <ol>
        <li>
          <strong>Find food near you.</strong> Enter your zip or postal code on the{' '}
          <Link to="/l/find-items">Find food</Link> page, or browse kitchens on the{' '}
          <Link to="/l/find-chefs">Find chefs</Link> page. Filter by food type — vegetarian, vegan, organic —
          and by dietary needs such as gluten free or low sodium.
        </li>
        <li>
          <strong>Choose your dates and time slot.</strong> Each dish shows the days it is available and the
          time slots the chef offers, from breakfast to late dinner.
        </li>
        <li>
          <strong>Pick up or get it delivered.</strong> Chefs set a delivery radius and fee, or a pickup
          location. A delivery fee is charged once per chef, date and time slot, however many dishes you order
          from them.
        </li>
        <li>
          <strong>Pay and track your order.</strong> You pay the chef in cash when you collect your food or it
          is brought to you. You will see each step — confirmed, in preparation, ready for pickup or out for
          delivery — and what is due on your orders page.
        </li>
        <li>
          <strong>Rate your meal.</strong> Reviews help good kitchens grow and help other customers choose.
        </li>
      </ol>

      <h2>For home chefs</h2>
      <ol>
        <li>
          <strong>Apply to become a chef.</strong> Tell us about your kitchen, your speciality and any food
          handler permit or licence your area requires. Our team reviews every application.
        </li>
        <li>
          <strong>Build your menus.</strong> Add dishes with photos, ingredients, nutrition and pricing
          options, then publish a one-time menu or one that repeats every week.
        </li>
        <li>
          <strong>Cook to order.</strong> Orders close before the cut-off you choose, so you know exactly how
          much to cook. Set a maximum number of orders per dish so you never overcommit.
        </li>
        <li>
          <strong>Get paid.</strong> Customers pay you in cash at pickup or delivery; each order on your
          orders page shows what every date comes to, its delivery fee on its own line.
        </li>
      </ol>
    </>
  );
}
