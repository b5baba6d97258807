import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../use-hydrated';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
}

/** Disabled in the server's HTML until React hydrates it: a tap before then would do nothing. */
export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', disabled, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return <button type={type} className={`btn btn--${variant} btn--${size} ${className}`.trim()} disabled={disabled || !hydrated} {...rest} />;
}
