import { RouterProvider } from 'react-router';
import { AppConfigProvider } from '../lib/app-config';
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
    <AppConfigProvider config={shell.config}>
      <ThemeProvider store={themeStore}>
        <PageTrackerProvider tracker={shell.tracker}>
          <ToastProvider>
            <AuthProvider>
              <RouterProvider router={shell.router} />
            </AuthProvider>
          </ToastProvider>
        </PageTrackerProvider>
      </ThemeProvider>
    </AppConfigProvider>
  );
}
