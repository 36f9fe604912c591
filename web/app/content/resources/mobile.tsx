export default function Mobile() {
  return (
    <>
      <p className="lead">
        Hearth works beautifully on your phone — no app store required. Add it to your home screen and it
        opens full screen, just like an app.
      </p>

      <h2>Install Hearth on your phone</h2>
      <h3>On Android (Chrome)</h3>
      <ol>
        <li>Open Hearth in Chrome.</li>
        <li>
          Tap the menu (⋮) and choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
        </li>
        <li>Confirm, and Hearth appears among your apps.</li>
      </ol>
      <h3>On iPhone and iPad (Safari)</h3>
      <ol>
        <li>Open Hearth in Safari.</li>
        <li>
          Tap the Share button, then <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong>.
        </li>
      </ol>

      <h2>What you can do on the go</h2>
      <ul>
        <li>Find kitchens and dishes near your current location.</li>
        <li>Keep favourite chefs one tap away.</li>
        <li>Order ahead for the week and track each order&apos;s status.</li>
        <li>For chefs: check new orders, update their status and message customers from the kitchen.</li>
      </ul>

      <h2>Always up to date</h2>
      <p>
        Because Hearth runs in your browser, you always have the latest version. When we release an update
        while you are using Hearth, you will see a short notice offering to reload.
      </p>
    </>
  );
}
