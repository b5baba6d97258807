// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function AboutPage() {
  return <section className="container page"><h1>About</h1></section>;
}
