import type { ButtonHTMLAttributes } from 'react';
import { EARLY_TAP_MARK } from '@thalir/contracts';
import { useHydrated } from '../use-hydrated';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A server-drawn button looks and is usable from the first paint: until React has it, it carries the
 * early-tap mark, so a tap is kept by the page's capture and replayed once the app has taken over
 * (PageTakeover). Hydrated, it drops the mark; a button drawn in the browser never has it.
 */
export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', disabled, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={`btn btn--${variant} btn--${size} ${className}`.trim()}
      // Pages drawn by an earlier release's server code disabled every button until hydration, and React
      // keeps the attributes it hydrates: the change from nothing to false is what makes it drop that one.
      disabled={hydrated ? Boolean(disabled) : disabled || undefined}
      {...(!hydrated && type === 'button' ? EARLY_TAP_MARK : undefined)}
      {...rest}
    />
  );
}
