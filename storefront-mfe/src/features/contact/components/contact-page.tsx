// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function ContactPage() {
  return <section className="container page"><h1>Contact</h1></section>;
}
