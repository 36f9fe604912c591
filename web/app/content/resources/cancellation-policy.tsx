import { Link } from '@remix-run/react';

export default function CancellationPolicy() {
  return (
    <>
      <p className="lead">
        Home chefs shop and cook for each order, so cancellations work a little differently from a restaurant.
        Here is what to expect.
      </p>

      <h2>Cancelling as a customer</h2>
      <ul>
        <li>
          <strong>Before the chef confirms your order</strong> you can cancel from your orders page for a full
          refund.
        </li>
        <li>
          <strong>After confirmation and before the chef&apos;s order cut-off</strong> (shown on each dish,
          for example two days ahead for catering) you can still cancel a date for a full refund of that date.
        </li>
        <li>
          <strong>After the cut-off</strong> the chef has usually bought ingredients or started cooking, so
          cancellations are not refundable unless the chef agrees.
        </li>
      </ul>
      <p>
        For recurring orders, each date is treated separately: cancelling one date does not cancel the others.
      </p>

      <h2>When a chef cancels</h2>
      <p>
        If a chef cannot fulfil an order, they cancel it with a reason and you receive a full refund for the
        affected dates, including any delivery fee.
      </p>

      <h2>Problems with an order</h2>
      <p>
        If something is missing, wrong or not as described, tell us within 24 hours of the pickup or delivery
        time, with a photo if you can. We will work with the chef on a partial or full refund. Food-safety
        concerns are always investigated.
      </p>

      <h2>Refunds</h2>
      <p>
        Refunds go back to the original payment method. Card refunds usually appear within 5–10 business days,
        depending on your bank. Cash-on-pickup orders are settled directly with the chef.
      </p>

      <h2>Need help?</h2>
      <p>
        <Link to="/resources/contact-us">Contact us</Link> with your order number and we will sort it out.
      </p>
    </>
  );
}
