// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function OrderPage() {
  return <section className="container page"><h1>Order</h1></section>;
}
