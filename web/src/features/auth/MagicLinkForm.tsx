import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '../../lib/product';
import { magicLinkFormSchema } from '../../lib/auth/magic-link';
import { Button } from '../../ui/Button';
import { EmailField } from '../../ui/fields/EmailField';
import { Heading, type HeadingLevel } from './Heading';

export interface MagicLinkFormProps {
  headingLevel: HeadingLevel;
  title: string;
  intro: string;
  /** The address typed before (kept across Back). */
  defaultEmail: string;
  /** Why the last send failed (spec 000 §8), shown in a banner. */
  error: string | null;
  termsHref: string;
  privacyHref: string;
  /** Moves focus into the field when the form comes back after the prompt. */
  focusOnMount: boolean;
  /** The form sits in a page that names it and shows the legal links (the /login method chooser). */
  embedded?: boolean;
  /** `username webauthn` where the page offers passkey autofill. */
  emailAutoComplete?: string;
  onSubmit(email: string): void;
}

/** The e-mail field, checked in the browser before anything is sent (spec 000 §5). */
export function MagicLinkForm({
  headingLevel,
  title,
  intro,
  defaultEmail,
  error,
  termsHref,
  privacyHref,
  focusOnMount,
  embedded = false,
  emailAutoComplete = 'email',
  onSubmit,
}: MagicLinkFormProps) {
  const [value, setValue] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const inputId = useId();
  const headingId = useId();
  const errorId = useId();
  // The library's fields take no ref; the input is found by the id given to it.
  const focusInput = () => document.getElementById(inputId)?.focus();

  useEffect(() => {
    if (focusOnMount) document.getElementById(inputId)?.focus();
  }, [focusOnMount, inputId]);

  const validate = (text: string) => {
    const parsed = magicLinkFormSchema.safeParse({ email: text });
    return parsed.success ? { email: parsed.data.email } : { message: parsed.error.issues[0]?.message ?? '' };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(value);
    if ('message' in result) {
      setFieldError(result.message);
      focusInput();
      return;
    }
    setFieldError(undefined);
    onSubmit(result.email);
  };

  const change = (text: string) => {
    setValue(text);
    // Once shown, the message follows the text, so it goes as soon as the address is right.
    if (fieldError !== undefined) setFieldError('message' in validate(text) ? fieldError : undefined);
  };

  const form = (
    <form noValidate onSubmit={submit} className="auth-form" aria-describedby={error ? errorId : undefined}>
      {error && (
        <p className="auth-notice auth-notice--error" role="alert" id={errorId}>
          {error}
        </p>
      )}
      <EmailField
        id={inputId}
        label="Email address"
        name="email"
        autoComplete={emailAutoComplete}
        placeholder="you@example.com"
        size="lg"
        value={value}
        onChange={change}
        error={fieldError}
      />
      <Button type="submit" size="lg" className="auth-form__submit">
        Send magic link
      </Button>
    </form>
  );

  if (embedded) {
    return (
      <div className="magic-link">
        <p className="auth-panel__intro">{intro}</p>
        {form}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="magic-link">
      {headingLevel === 1 && <title>{pageTitle(title)}</title>}
      <Heading level={headingLevel} id={headingId} className="auth-card__title">
        {title}
      </Heading>
      <p className="auth-card__lead">{intro}</p>
      {form}
      <p className="auth-legal">
        By continuing, you agree to our <Link to={termsHref}>Terms of Service</Link> and{' '}
        <Link to={privacyHref}>Privacy Policy</Link>.
      </p>
    </section>
  );
}
