import type { ReactNode } from 'react';
import { PRODUCT_NAME, pageTitle } from '../lib/product';
import { Button } from '../ui/Button';

export interface FailurePageProps {
  title: string;
  message: string;
  /** Defaults to reloading the page. */
  onRetry?: () => void;
  /** The button's label; "Try again" unless a more exact verb fits. */
  retryLabel?: string;
  /** Shown under the button (a way to get help). */
  children?: ReactNode;
}

/**
 * A full-page failure, rendered outside the layout because the layout itself may be what failed
 * (for example when the runtime configuration could not be read).
 */
export function FailurePage({ title, message, onRetry = () => window.location.reload(), retryLabel = 'Try again', children }: FailurePageProps) {
  return (
    <main id="main" className="site-main site-main--centered">
      <title>{pageTitle(title)}</title>
      <section className="message-page" aria-labelledby="failure-title">
        <p className="message-page__code">{PRODUCT_NAME}</p>
        <h1 id="failure-title">{title}</h1>
        <p>{message}</p>
        <Button size="lg" onClick={onRetry}>
          {retryLabel}
        </Button>
        {children}
      </section>
    </main>
  );
}
