import { Link } from '@remix-run/react';

export default function PrivacyPolicy() {
  return (
    <>
      <p className="lead">
        We collect the information we need to run the marketplace, use it only for that, and never sell it.
        This policy explains the details.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Account information</strong> — your name, email address and sign-in identifier, provided
          when you register.
        </li>
        <li>
          <strong>Delivery details</strong> — the addresses, phone number and delivery notes you save so chefs
          can reach you.
        </li>
        <li>
          <strong>Orders and reviews</strong> — what you order, when, from whom, and the ratings you leave.
        </li>
        <li>
          <strong>Chef information</strong> — for chefs, kitchen details, photos, identity documents and
          permits submitted for review, and the payout details needed to pay you.
        </li>
        <li>
          <strong>Technical information</strong> — your time zone (so dates and time slots are shown
          correctly), and standard logs of requests to our servers used for security and troubleshooting.
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To show you food near you, process orders and payments, let chefs prepare and deliver your order, send
        messages about your orders, prevent fraud, and improve Hearth. We send marketing email only if you
        subscribe, and every such email has an unsubscribe link.
      </p>

      <h2>Who we share it with</h2>
      <p>
        The chef you order from receives what they need to fulfil the order: your name, the order and, for
        deliveries, your address and phone number. Payment providers process payments on our behalf. We share
        information with authorities only when the law requires it.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a small number of cookies that are necessary for the site to work: one that keeps you signed
        in, one that carries a one-time message to the next page, and one that remembers your time zone. We do
        not use advertising cookies.
      </p>

      <h2>Your choices and rights</h2>
      <p>
        You can view and update your account and addresses at any time, unsubscribe from emails, and ask us to
        export or delete your data. Some records, such as completed orders, are kept as long as tax and
        accounting law requires.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about privacy: <a href="mailto:privacy@hearth.example">privacy@hearth.example</a>, or use
        our <Link to="/resources/contact-us">contact form</Link>.
      </p>
    </>
  );
}
