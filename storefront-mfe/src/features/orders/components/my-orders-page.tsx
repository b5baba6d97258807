// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function MyOrdersPage() {
  return <section className="container page"><h1>My Orders</h1></section>;
}
