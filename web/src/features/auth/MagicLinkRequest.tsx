import { useMemo, type ReactElement } from 'react';
import { useAppConfig } from '../../lib/use-app-config';
import { absoluteRedirectUrl, basePathPrefix } from '../../lib/auth/redirect';
import { CheckEmailPrompt } from './CheckEmailPrompt';
import type { HeadingLevel } from './Heading';
import { MagicLinkForm } from './MagicLinkForm';
import { useMagicLink, type MagicLinkTarget } from './use-magic-link';
import '../../ui/card-page.css';
import './auth.css';

export interface MagicLinkRequestProps {
  /** Where to land after signing in: a path on this site (`/dashboard`); anything else is dropped. */
  redirect?: string | null | undefined;
  /** 1 when the block is the page's main content (on /login), else 2. */
  headingLevel?: HeadingLevel;
  title?: string;
  intro?: string;
  termsHref?: string;
  privacyHref?: string;
  /**
   * Places the form inside a page of several sign-in methods (/login): the form comes without its
   * own heading and legal links, and the page puts it where it wants. The check-your-email prompt
   * still replaces everything.
   */
  frame?: (form: ReactElement) => ReactElement;
  /** The e-mail field's autocomplete (`username webauthn` where passkey autofill is offered). */
  emailAutoComplete?: string;
}

/**
 * Sign-in by e-mailed link, usable on any page: the form (idle, error) or the check-your-email
 * prompt (sending with an address, sent), spec 000 §4.
 */
export function MagicLinkRequest({
  redirect,
  headingLevel = 2,
  title = 'Sign in',
  intro = 'Enter your email address and we’ll send you a link to sign in. No password needed.',
  termsHref = '/terms',
  privacyHref = '/privacy',
  frame,
  emailAutoComplete,
}: MagicLinkRequestProps) {
  const { bootstrap } = useAppConfig();
  const origin = window.location.origin;
  const target = useMemo<MagicLinkTarget>(
    () => ({ redirectUrl: absoluteRedirectUrl(redirect, origin), appUrl: origin, basePath: basePathPrefix(bootstrap.basePath) }),
    [redirect, origin, bootstrap.basePath],
  );
  const flow = useMagicLink(target);

  const showPrompt = flow.status === 'sent' || (flow.status === 'sending' && flow.email !== null);
  if (showPrompt) return <CheckEmailPrompt headingLevel={headingLevel} flow={flow} />;
  // Back from the prompt, or a failed send: the address typed stays, and focus returns to it.
  const previous = flow.email ?? flow.lastEmail ?? '';
  const form = (
    <MagicLinkForm
      headingLevel={headingLevel}
      title={title}
      intro={intro}
      defaultEmail={previous}
      error={flow.status === 'error' ? flow.error : null}
      termsHref={termsHref}
      privacyHref={privacyHref}
      focusOnMount={previous !== ''}
      embedded={frame !== undefined}
      {...(emailAutoComplete ? { emailAutoComplete } : {})}
      onSubmit={(email) => void flow.send(email)}
    />
  );
  return frame ? frame(form) : form;
}
