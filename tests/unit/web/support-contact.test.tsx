/** 'Contact support' on the error screens (docs/architecture.md §3: SUPPORT_EMAIL is shown there), from GET /api/config. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../../../web/src/app/RouteErrorPage';
import { LoadFailure } from '../../../web/src/features/library/LoadFailure';
import { appConfigQuery } from '../../../web/src/lib/app-config';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { appConfig, SUPPORT_EMAIL } from './auth-fixtures';

/** A query client as after start-up (the configuration cached), or one whose configuration never arrived. */
function queryClientWith(configured: boolean): QueryClient {
  const queryClient = createQueryClient();
  if (configured) queryClient.setQueryData(appConfigQuery.queryKey, appConfig);
  // Without a cached configuration, reading it again hangs, as when the server cannot be reached.
  else vi.stubGlobal('fetch', () => new Promise(() => undefined));
  return queryClient;
}

const renderWith = (queryClient: QueryClient, ui: ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

function Broken(): ReactNode {
  throw new Error('the page failed to render');
}

function renderBrokenRoute(configured: boolean) {
  // React Router reports the error it caught; the test needs only what the page shows.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
  renderWith(queryClientWith(configured), <RouterProvider router={router} />);
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
    renderWith(queryClientWith(true), <LoadFailure what="the library" onRetry={onRetry} inline />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the library. Check your connection and try again.');
    expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps Try again when the configuration could not be read', () => {
    renderWith(queryClientWith(false), <LoadFailure what="this book" onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: 'Contact support' })).not.toBeInTheDocument();
  });
});
