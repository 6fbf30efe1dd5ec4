import { classNames, type Size } from './size';

export interface SpinnerProps {
  size?: Size;
  /** Read by screen readers; also shown beside the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading…', showLabel = false, className }: SpinnerProps) {
  return (
    <span className={classNames('spinner', `spinner--${size}`, className)} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
