// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function HomePage() {
  return <section className="container page"><h1>Thalir Blooms</h1></section>;
}
