export default function Careers() {
  return (
    <>
      <p className="lead">
        We are building the tools that let thousands of home cooks run their own food businesses. If that
        sounds like work worth doing, we would love to hear from you.
      </p>

      <h2>How we work</h2>
      <ul>
        <li>
          <strong>Close to our chefs.</strong> Everyone at Hearth spends time with the chefs and customers who
          use what we build — including ordering dinner from them.
        </li>
        <li>
          <strong>Small teams, real ownership.</strong> Teams own a problem end to end, from the first
          conversation to the release.
        </li>
        <li>
          <strong>Remote-friendly.</strong> We work across time zones, write things down and keep meetings
          short.
        </li>
      </ul>

      <h2>What we offer</h2>
      <ul>
        <li>Competitive salary and equity.</li>
        <li>Health cover and a generous allowance for learning.</li>
        <li>Flexible hours and a monthly credit to spend on Hearth kitchens.</li>
      </ul>

      <h2>Our hiring process</h2>
      <p>
        A short call with our recruiting team, a conversation with the hiring manager, a practical exercise
        that reflects the real work (paid when it takes more than two hours) and a final conversation with the
        team. We aim to reply to every application within two weeks.
      </p>
    </>
  );
}
