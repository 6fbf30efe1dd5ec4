/** 'Contact support' on the error screens (docs/architecture.md §3: SUPPORT_EMAIL is shown there), from GET /api/config. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../../../web/src/app/RouteErrorPage';
import { LoadFailure } from '../../../web/src/features/library/LoadFailure';
import { AppConfigProvider } from '../../../web/src/lib/app-config';
import { appConfig, SUPPORT_EMAIL } from './auth-fixtures';

/** The screen as inside the app after start-up (the configuration given), or with a configuration that never arrived. */
function renderWith(configured: boolean, ui: ReactNode) {
  if (configured) return render(<AppConfigProvider config={appConfig}>{ui}</AppConfigProvider>);
  // Nothing may try to read the configuration again: a request would hang, as when the server cannot be reached.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  return render(ui);
}

function Broken(): ReactNode {
  throw new Error('the page failed to render');
}

function renderBrokenRoute(configured: boolean) {
  // React Router reports the error it caught; the test needs only what the page shows.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
  renderWith(configured, <RouterProvider router={router} />);
}

describe('the route error page', () => {
  it('offers Contact support, a mail link to the configured support address', async () => {
    renderBrokenRoute(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Contact support' });
    expect(link).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(link.closest('p')).toHaveTextContent('Still stuck? Contact support');
  });

  it('still shows the page, without the link, when the configuration could not be read', async () => {
    renderBrokenRoute(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact support' })).not.toBeInTheDocument();
  });
});

describe('a failed load in the library', () => {
  it('offers Try again and Contact support inside the alert', async () => {
    const onRetry = vi.fn();
    renderWith(true, <LoadFailure what="the library" onRetry={onRetry} inline />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the library. Check your connection and try again.');
    expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps Try again when the configuration could not be read', () => {
    renderWith(false, <LoadFailure what="this book" onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: 'Contact support' })).not.toBeInTheDocument();
  });
});
