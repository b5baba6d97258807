// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function CheckoutPage() {
  return <section className="container page"><h1>Checkout</h1></section>;
}
