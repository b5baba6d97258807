import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LanguageSuggestion } from './language-suggestion';
import { LanguageSwitch } from './language-switch';

const FOOTER_LINKS = [
  { to: '/', label: msg`Home` },
  { to: '/products', label: msg`Shop` },
  { to: '/about', label: msg`About` },
  { to: '/contact', label: msg`Contact` },
  { to: '/export', label: msg`Wholesale & export` },
  { to: '/faq', label: msg`FAQ` },
  { to: '/orders', label: msg`Orders` },
  { to: '/login', label: msg`Login` },
  { to: '/register', label: msg`Register` },
];

export function Footer() {
  const { i18n, t } = useLingui();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Thalir Blooms</p>
          <p>
            <Trans>Family growers in Hosur since 1998. Roses, blooms and cut greens, exported to 45+ countries.</Trans>
          </p>
          <p>
            <LanguageSwitch />
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{i18n._(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <address>
          <Trans>14 Rayakottai Road, Hosur, Tamil Nadu 635109, India</Trans>
          <br />
          <a href="tel:+914344200140">+91 4344 200 140</a> · <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>
          <br />
          <Trans>Mon–Sat 9:00 AM – 6:30 PM</Trans>
        </address>
      </div>
      {/* The server's year and the visitor's differ for a few hours at New Year: keep the one sent rather than redraw the page. */}
      <p className="container site-footer__legal" suppressHydrationWarning>
        © {new Date().getFullYear()} Thalir Blooms Exports Pvt. Ltd.
      </p>
      <LanguageSuggestion />
    </footer>
  );
}
