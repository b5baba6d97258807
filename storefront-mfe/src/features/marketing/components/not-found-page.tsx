// Placeholder during the session's parallel work; replaced by the feature's real screen.
export default function NotFoundPage() {
  return <section className="container page"><h1>Page not found</h1></section>;
}
