import { Link } from '@remix-run/react';

export default function Info() {
  return (
    <>
      <p className="lead">
        The short version of everything you might want to know about ordering from, or cooking on, Hearth.
      </p>

      <h2>What can I order?</h2>
      <p>
        Whatever the chefs near you are cooking: family dinners, lunch boxes, baked goods, festive specials
        and catering trays for events. Menus change with the chefs&apos; schedules, so it is worth checking
        back.
      </p>

      <h2>Where is Hearth available?</h2>
      <p>
        Hearth serves the United States, India, Canada, Singapore, Malaysia and Australia. Availability
        depends on the chefs cooking in your area; search by your zip or postal code to see who delivers to
        you or offers pickup nearby.
      </p>

      <h2>Is the food safe?</h2>
      <p>
        Every chef is reviewed by our team before they can sell. Chefs confirm that they follow local
        food-safety rules, and where a food handler permit or licence is required, we ask for it. Each dish
        lists its ingredients, and chefs can mark dishes suitable for particular diets. If you have a serious
        allergy, message the chef before ordering.
      </p>

      <h2>How much does it cost?</h2>
      <p>
        Chefs set their own prices. You pay the dish price, any delivery fee the chef charges and nothing else
        at checkout. Hearth earns a platform fee from the chef&apos;s side of each sale.
      </p>

      <h2>More questions?</h2>
      <p>
        Read <Link to="/resources/howItWorks">how Hearth works</Link>, our{' '}
        <Link to="/resources/cancellation-policy">cancellation policy</Link>, or{' '}
        <Link to="/resources/contact-us">get in touch</Link>.
      </p>
    </>
  );
}
