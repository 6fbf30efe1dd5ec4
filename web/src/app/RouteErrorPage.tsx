import { ContactSupport } from './ContactSupport';
import { FailurePage } from './FailurePage';

/** What the app shows when rendering a route throws (unknown paths are the layout's not-found page instead). */
export function RouteErrorPage() {
  return (
    <FailurePage title="Something went wrong" message="This page could not be shown. Reload it to try again.">
      <ContactSupport />
    </FailurePage>
  );
}
