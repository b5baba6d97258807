// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function WishlistPage() {
  return <section className="container page"><h1>Wishlist</h1></section>;
}
