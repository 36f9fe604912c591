export default function ContactUs() {
  return (
    <>
      <p className="lead">
        Questions about an order, becoming a chef, a partnership or the press? Send us a message and a real
        person will reply, usually within one working day.
      </p>
      <h2>Other ways to reach us</h2>
      <ul>
        <li>
          Customer and chef support: <a href="mailto:hello@hearth.example">hello@hearth.example</a>
        </li>
        <li>
          Press: <a href="mailto:press@hearth.example">press@hearth.example</a>
        </li>
        <li>
          Careers: <a href="mailto:careers@hearth.example">careers@hearth.example</a>
        </li>
      </ul>
      <p>For a problem with an order, please include the order number so we can help faster.</p>
    </>
  );
}
