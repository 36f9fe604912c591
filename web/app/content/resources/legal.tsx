import { Link } from '@remix-run/react';

export default function Legal() {
  return (
    <>
      <p className="lead">The agreements and policies that apply when you use Hearth, in one place.</p>

      <h2>Our policies</h2>
      <ul>
        <li>
          <Link to="/resources/terms-of-service">Terms of service</Link> — the agreement between you and
          Hearth for using the marketplace, as a customer or as a chef.
        </li>
        <li>
          <Link to="/resources/privacy-policy">Privacy policy</Link> — what personal information we collect,
          why, and the choices you have.
        </li>
        <li>
          <Link to="/resources/cancellation-policy">Cancellation policy</Link> — how cancellations, refunds
          and problems with an order are handled.
        </li>
      </ul>

      <h2>Chefs are independent sellers</h2>
      <p>
        Chefs, stores and marts on Hearth are independent businesses. They prepare the food, set the prices
        and are responsible for following the food-safety, licensing and tax rules that apply where they cook.
        Hearth provides the marketplace, payments and support, and reviews chefs before they can sell.
      </p>

      <h2>Reporting a concern</h2>
      <p>
        If you believe a listing breaks the law or our policies — for example a food-safety risk, an
        infringement of your intellectual property or misleading information — please{' '}
        <Link to="/resources/contact-us">contact us</Link> with the kitchen name and the details. We review
        every report and may pause a listing while we investigate.
      </p>

      <h2>Legal notices</h2>
      <p>
        Formal legal notices can be sent to <a href="mailto:legal@hearth.example">legal@hearth.example</a>.
      </p>
    </>
  );
}
