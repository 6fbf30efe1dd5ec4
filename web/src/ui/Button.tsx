import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { classNames, type Size } from './size';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Appearance {
  variant?: ButtonVariant;
  size?: Size;
}

function buttonClass({ variant = 'primary', size = 'md' }: Appearance, className?: string) {
  return classNames('button', `button--${variant}`, `button--${size}`, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Appearance {
  /** Shows a spinner, keeps the label for screen readers and blocks further clicks. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({ variant, size = 'md', loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && (
        <span className="spinner spinner--sm button__spinner" aria-hidden="true">
          <span className="spinner__circle" />
        </span>
      )}
      <span className="button__label">{children}</span>
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, Appearance {}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size }, className)} />;
}
