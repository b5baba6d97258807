// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function CartPage() {
  return <section className="container page"><h1>Cart</h1></section>;
}
