import type { ReactNode } from 'react';
import './auth.css';

/** The frame shared by the sign-in screens: a card with the form beside a little artwork. */
export function AuthLayout({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="container page auth">
      <title>{`${title} · Thalir Blooms`}</title>
      <div className="auth__panel card">
        <AuthArt />
        <div className="auth__body">
          <h1 className="auth__title">{title}</h1>
          {intro && <p className="auth__intro">{intro}</p>}
          {children}
          {footer && <div className="auth__footer">{footer}</div>}
        </div>
      </div>
    </section>
  );
}

/** Rose stems in a greenhouse window: original artwork, decorative only. */
function AuthArt() {
  return (
    <div className="auth__art" aria-hidden="true">
      <svg viewBox="0 0 240 320" width="240" height="320" focusable="false" preserveAspectRatio="xMidYMid slice">
        <rect width="240" height="320" fill="#e3f1e8" />
        <path d="M0 250 Q60 220 120 250 T240 250 V320 H0Z" fill="#cfe6d7" />
        <g stroke="#1f5a41" strokeWidth="4" strokeLinecap="round" fill="none">
          <path d="M70 300 C72 240 66 190 78 130" />
          <path d="M125 305 C122 230 130 170 120 95" />
          <path d="M180 300 C176 250 186 205 172 150" />
        </g>
        <g fill="#2f7d5b">
          <path d="M74 210 c-20 -4 -32 -16 -34 -30 c18 2 30 12 34 30z" />
          <path d="M124 200 c18 -8 32 -6 42 4 c-14 10 -30 10 -42 -4z" />
          <path d="M124 150 c-18 -6 -28 -18 -28 -32 c16 4 26 14 28 32z" />
          <path d="M178 230 c16 -10 30 -10 40 -2 c-12 12 -28 12 -40 2z" />
        </g>
        <g>
          <circle cx="78" cy="118" r="22" fill="#c0244f" />
          <path d="M66 112 q12 -16 24 0 q-12 10 -24 0z" fill="#a3173f" />
          <circle cx="120" cy="82" r="26" fill="#c0244f" />
          <path d="M106 76 q14 -18 28 0 q-14 12 -28 0z" fill="#a3173f" />
          <circle cx="172" cy="138" r="20" fill="#d9577a" />
          <path d="M161 133 q11 -14 22 0 q-11 9 -22 0z" fill="#a3173f" />
        </g>
        <g fill="#b7832f" opacity="0.6">
          <circle cx="40" cy="40" r="3" />
          <circle cx="200" cy="60" r="2.5" />
          <circle cx="215" cy="30" r="2" />
        </g>
      </svg>
    </div>
  );
}
