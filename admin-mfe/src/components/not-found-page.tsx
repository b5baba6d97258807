import { Link } from 'react-router-dom';

export default function AdminNotFoundPage() {
  return (
    <section className="container page">
      <h1>Page not found</h1>
      <p>There is no back-office screen at this address.</p>
      <Link to="/admin">Back to the dashboard</Link>
    </section>
  );
}
