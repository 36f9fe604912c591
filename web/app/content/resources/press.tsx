export default function Press() {
  return (
    <>
      <p className="lead">
        Writing about home cooking, the food economy or small business? We are happy to help with facts,
        images and introductions to chefs who are glad to tell their story.
      </p>

      <h2>Hearth in brief</h2>
      <ul>
        <li>
          An online marketplace where home chefs, small food stores and marts sell food to their neighbours.
        </li>
        <li>
          Chefs publish one-time or recurring menus, set their own prices and offer pickup, delivery or both.
        </li>
        <li>Available in the United States, India, Canada, Singapore, Malaysia and Australia.</li>
        <li>Every chef is reviewed before selling; every rating comes from a real order.</li>
      </ul>

      <h2>Press kit</h2>
      <p>
        Our press kit includes the Hearth logo in light and dark versions, product screenshots, photos of
        participating chefs (used with their permission) and short biographies of our founding team. Ask for
        it at the address below and we will send it the same day.
      </p>

      <h2>Talking to our chefs</h2>
      <p>
        Many Hearth chefs enjoy speaking with journalists. We never share a chef&apos;s contact details
        without asking them first, so please allow a few days for introductions.
      </p>

      <h2>Media contact</h2>
      <p>
        Email <a href="mailto:press@hearth.example">press@hearth.example</a>. We answer press enquiries within
        one working day.
      </p>
    </>
  );
}
