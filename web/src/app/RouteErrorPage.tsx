import { useRouteError } from 'react-router';
import { ContactSupport } from '../ui/ContactSupport';
import { FailurePage } from './FailurePage';

/**
 * A page's code that could not be downloaded: the network dropped, or a new version of the site
 * replaced the files this tab was built against. Browsers word it differently; each says "module".
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|module script failed|Unable to preload CSS|error loading dynamically imported/i.test(error.message);
}

/** What the app shows when rendering a route throws (unknown paths are the layout's not-found page instead). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <FailurePage
        title="This page could not be downloaded"
        message="Your connection may have dropped, or the site has just been updated. Reload to get the latest version."
        retryLabel="Reload the page"
      >
        <ContactSupport />
      </FailurePage>
    );
  }
  return (
    <FailurePage title="Something went wrong" message="This page could not be shown. Reload it to try again.">
      <ContactSupport />
    </FailurePage>
  );
}
