import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Leaf } from '../../../components/botanicals';
import '../../../styles/storefront.css';
import './not-found.css';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="container page not-found">
      <title>{t`Page not found · Thalir Blooms`}</title>
      <svg className="not-found__art" viewBox="0 0 200 160" width="200" height="160" aria-hidden="true" focusable="false">
        <ellipse cx="100" cy="146" rx="70" ry="8" fill="#e6ddd0" />
        <path d="M100 146C100 110 96 80 110 50" stroke="#1f5a41" strokeWidth="5" fill="none" strokeLinecap="round" />
        <Leaf x={100} y={110} length={50} angle={-150} />
        <Leaf x={102} y={96} length={44} angle={-30} fill="#3f8f69" />
        <path d="M110 50c10-18 30-22 40-12-8 4-14 14-20 26-8-2-16-6-20-14z" fill="#c0244f" />
        <ellipse cx="150" cy="120" rx="12" ry="7" fill="#f6c3cf" transform="rotate(20 150 120)" />
      </svg>
      <p className="eyebrow">
        <Trans>Error 404</Trans>
      </p>
      <h1>
        <Trans>This page has wandered off</Trans>
      </h1>
      <p className="lede">
        <Trans>We could not find the page you were looking for. It may have moved, or the link may be mistyped.</Trans>
      </p>
      <div className="btn-row not-found__links">
        <Link to="/" className="btn btn--primary btn--lg">
          <Trans>Back to home</Trans>
        </Link>
        <Link to="/products" className="btn btn--secondary btn--lg">
          <Trans>Browse the shop</Trans>
        </Link>
      </div>
    </section>
  );
}
