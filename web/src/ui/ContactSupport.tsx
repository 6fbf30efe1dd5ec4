import { useOptionalAppConfig } from '../lib/use-app-config';

/**
 * "Still stuck? Contact support": a mail link to the configured support address (SUPPORT_EMAIL,
 * from GET /api/config), for error screens. An error screen must not fail in turn, so this never
 * suspends or throws: the configuration read at start-up is given by the shell, and without it
 * (it could not be read) the line is left out.
 */
export function ContactSupport() {
  const config = useOptionalAppConfig();
  if (!config) return null;
  return (
    <p>
      Still stuck? <a href={`mailto:${config.dynamic.supportEmail}`}>Contact support</a>
    </p>
  );
}
