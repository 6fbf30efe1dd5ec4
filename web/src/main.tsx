import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot';
import { FailurePage } from './app/FailurePage';
import { createThemeStore } from './lib/theme';
import { Spinner } from './ui/Spinner';
import './styles.css';

const themeStore = createThemeStore();
const root = createRoot(document.getElementById('root')!);

async function start() {
  root.render(
    <main id="main" className="site-main site-main--centered">
      <Spinner size="lg" label="Loading…" />
    </main>,
  );
  try {
    const shell = await boot();
    root.render(
      <StrictMode>
        <App shell={shell} themeStore={themeStore} />
      </StrictMode>,
    );
  } catch {
    root.render(
      <FailurePage
        title="The application could not start"
        message="We could not reach the server. Check your connection and try again."
        onRetry={() => void start()}
      />,
    );
  }
}

void start();
