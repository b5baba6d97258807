import { Link } from 'react-router-dom';

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/export', label: 'Wholesale & export' },
  { to: '/faq', label: 'FAQ' },
  { to: '/orders', label: 'Orders' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Thalir Blooms</p>
          <p>Family growers in Hosur since 1998. Roses, blooms and cut greens, exported to 45+ countries.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <address>
          14 Rayakottai Road, Hosur, Tamil Nadu 635109, India
          <br />
          <a href="tel:+914344200140">+91 4344 200 140</a> · <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>
          <br />
          Mon–Sat 9:00 AM – 6:30 PM
        </address>
      </div>
      {/* The server's year and the visitor's differ for a few hours at New Year: keep the one sent rather than redraw the page. */}
      <p className="container site-footer__legal" suppressHydrationWarning>
        © {new Date().getFullYear()} Thalir Blooms Exports Pvt. Ltd.
      </p>
    </footer>
  );
}
