// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function ProductPage() {
  return <section className="container page"><h1>Product</h1></section>;
}
