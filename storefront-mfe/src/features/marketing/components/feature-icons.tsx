import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="feature-card__icon"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const SustainablyGrownIcon = () => (
  <Icon>
    <path d="M24 42V24" />
    <path d="M24 26c-9 0-14-6-14-14 9 0 14 5 14 14z" />
    <path d="M24 30c0-8 5-13 14-13 0 8-5 13-14 13z" />
    <path d="M16 42h16" />
  </Icon>
);

export const SameDayDeliveryIcon = () => (
  <Icon>
    <path d="M4 14h24v18H4z" />
    <path d="M28 20h8l6 7v5H28z" />
    <circle cx="12" cy="35" r="3.5" />
    <circle cx="35" cy="35" r="3.5" />
    <path d="M12 19v5l3 2" />
  </Icon>
);

export const EcoPackagingIcon = () => (
  <Icon>
    <path d="M6 16l18-8 18 8v18l-18 8-18-8z" />
    <path d="M6 16l18 8 18-8M24 24v18" />
    <path d="M30 33c0-4 3-6 7-6 0 4-3 6-7 6z" />
  </Icon>
);

export const SmartSuggestionsIcon = () => (
  <Icon>
    <path d="M20 8l3 9 9 3-9 3-3 9-3-9-9-3 9-3z" />
    <path d="M36 28l1.5 4.5L42 34l-4.5 1.5L36 40l-1.5-4.5L30 34l4.5-1.5z" />
    <path d="M37 6v6M34 9h6" />
  </Icon>
);

export const FreshnessIcon = () => (
  <Icon>
    <path d="M24 5l15 6v11c0 10-6 17-15 21C15 39 9 32 9 22V11z" />
    <path d="M17 24l5 5 9-10" />
  </Icon>
);

export const MobileFirstIcon = () => (
  <Icon>
    <rect x="14" y="4" width="20" height="40" rx="4" />
    <path d="M21 38h6" />
    <circle cx="24" cy="20" r="4" />
    <path d="M24 24v6M24 28c-3 0-5-2-5-4M24 27c3 0 5-2 5-4" />
  </Icon>
);
