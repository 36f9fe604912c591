export default function OurMission() {
  return (
    <>
      <p className="lead">
        Our mission is to help anyone who cooks well earn a living from their own kitchen — and to make
        honest, home-cooked food an everyday choice for the people around them.
      </p>

      <h2>Opportunity for home chefs</h2>
      <p>
        Starting a food business has always required capital: a lease, a commercial kitchen, staff, a
        point-of-sale system. Hearth removes most of that. Chefs open a kitchen brand in an afternoon, publish
        one-time or recurring menus, and grow at their own pace. Many of our chefs are parents, students,
        retirees or newcomers to their country, cooking around the rest of their lives.
      </p>

      <h2>Better food for neighbourhoods</h2>
      <p>
        Home-cooked meals are made in small batches, for a known number of orders, by someone who puts their
        name on every box. We want that to be as easy to order as fast food — and more satisfying to eat.
      </p>

      <h2>How we measure ourselves</h2>
      <ul>
        <li>How much our chefs earn, and how many of them keep cooking with us year after year.</li>
        <li>How often customers come back to the same kitchen.</li>
        <li>How little food is wasted, because chefs cook to order rather than to guess.</li>
      </ul>
      <p>
        We keep our platform fee simple and visible, and we publish changes to it well in advance. When our
        chefs do well, we do well — that is the only way this works.
      </p>
    </>
  );
}
