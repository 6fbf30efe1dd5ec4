import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { ThemeStore } from '../lib/theme';
import { ToastProvider } from '../ui/Toast';
import type { Shell } from './boot';
import { PageTrackerProvider } from './page-views';
import { ThemeProvider } from '../lib/theme-context';

export interface AppProps {
  shell: Shell;
  themeStore: ThemeStore;
}

export function App({ shell, themeStore }: AppProps) {
  return (
    <QueryClientProvider client={shell.queryClient}>
      <ThemeProvider store={themeStore}>
        <PageTrackerProvider tracker={shell.tracker}>
          <ToastProvider>
            <AuthProvider>
              <RouterProvider router={shell.router} />
            </AuthProvider>
          </ToastProvider>
        </PageTrackerProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
