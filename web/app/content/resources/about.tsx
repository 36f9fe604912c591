export default function About() {
  return (
    <>
      <p className="lead">
        Hearth is a marketplace for food made in real kitchens. We connect home chefs, small food stores and
        neighbourhood marts with the people who live around them — so that a family recipe can become a
        business, and a weeknight dinner can come from someone who cooks it with care.
      </p>

      <h2>Why we started Hearth</h2>
      <p>
        Every neighbourhood has a cook people talk about: the aunt whose biryani sells out at every gathering,
        the retired baker who still makes sourdough on Saturdays, the student who brings home dumplings from
        their grandmother&apos;s kitchen. Most of them never open a restaurant. The rent, the equipment and
        the risk are simply out of reach.
      </p>
      <p>
        Hearth gives those cooks the storefront instead. A chef publishes a menu for the days they want to
        cook, chooses pickup or delivery, sets their own prices and gets paid online. Customers nearby
        discover them, order ahead and pick a time slot that suits them.
      </p>

      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Cooks should own their brand.</strong> Your kitchen name, your logo, your menu and your
          customers — Hearth is the tool, not the star.
        </li>
        <li>
          <strong>Good food is local.</strong> We show people what is cooking near them, ordered a day or two
          ahead, so nothing is wasted and nothing sits under a heat lamp.
        </li>
        <li>
          <strong>Trust is earned in the open.</strong> Every chef is reviewed before they can sell, and every
          rating comes from a real order.
        </li>
      </ul>

      <h2>Who we are</h2>
      <p>
        We are a small team of engineers, designers and food people, many of us the children of home cooks
        ourselves. We serve customers in the United States, India, Canada, Singapore, Malaysia and Australia,
        and we are growing one neighbourhood at a time.
      </p>
    </>
  );
}
