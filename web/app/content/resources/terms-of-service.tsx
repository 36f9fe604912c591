import { Link } from '@remix-run/react';

export default function TermsOfService() {
  return (
    <>
      <p className="lead">
        These terms are the agreement between you and Hearth when you use the marketplace. Please read them
        carefully; by creating an account or placing an order you accept them.
      </p>

      <h2>1. The marketplace</h2>
      <p>
        Hearth lets independent home chefs, stores and marts (&ldquo;chefs&rdquo;) offer food to customers.
        When you place an order, you buy from the chef; Hearth provides the platform, processes the payment
        and supports both sides.
      </p>

      <h2>2. Accounts</h2>
      <p>
        You must give accurate information, keep your sign-in details private and be old enough to form a
        binding contract where you live. You are responsible for activity on your account. We may suspend
        accounts that break these terms or put others at risk.
      </p>

      <h2>3. Orders and payment</h2>
      <p>
        Prices are set by chefs and shown in the chef&apos;s currency before you pay. An order is confirmed
        once payment succeeds and the chef accepts it. Delivery fees are charged once per chef, date and time
        slot. Cancellations and refunds follow our{' '}
        <Link to="/resources/cancellation-policy">cancellation policy</Link>.
      </p>

      <h2>4. Chef obligations</h2>
      <p>
        Chefs must describe their food honestly, list ingredients and known allergens, comply with the food
        safety, licensing and tax rules that apply to them, and fulfil accepted orders on the chosen date and
        time slot. Hearth deducts its platform fee from each sale as shown on the chef&apos;s dashboard.
      </p>

      <h2>5. Reviews and content</h2>
      <p>
        Reviews must reflect a genuine experience with an order. You keep ownership of what you post but allow
        Hearth to display it on the marketplace. We remove content that is unlawful, abusive or misleading.
      </p>

      <h2>6. Liability</h2>
      <p>
        Chefs are responsible for the food they prepare. To the extent the law allows, Hearth is not liable
        for indirect or consequential losses, and our total liability for any order is limited to the amount
        paid for it. Nothing in these terms limits rights you have under consumer law.
      </p>

      <h2>7. Changes</h2>
      <p>
        We may update these terms as Hearth grows. We will give notice of significant changes before they take
        effect; continuing to use Hearth afterwards means you accept the new terms.
      </p>

      <h2>8. Contact</h2>
      <p>
        Questions about these terms: <a href="mailto:legal@hearth.example">legal@hearth.example</a>.
      </p>
    </>
  );
}
