import { AuthCallback } from './AuthCallback';

/** /auth/callback: the page the e-mailed link opens (spec 000 §2), with the spec's timings. */
export function AuthCallbackPage() {
  return <AuthCallback />;
}
