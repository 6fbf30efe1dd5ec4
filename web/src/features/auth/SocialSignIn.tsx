import { useAppConfig } from '../../lib/use-app-config';
import { socialConnectUrl } from '../../lib/auth/social';
import { requireApiGatewayUrl } from '../../lib/http';

/**
 * One link per configured provider (GET /api/config `socialProviders`): a full navigation to
 * /api/auth/connect/{provider}, which answers with a redirect to the provider (spec 000 §2).
 * Nothing when no provider is configured.
 */
export function SocialSignIn({ target }: { target: string }) {
  const { bootstrap, dynamic } = useAppConfig();
  if (dynamic.socialProviders.length === 0) return null;
  const where = { apiBase: requireApiGatewayUrl(), basePath: bootstrap.basePath };
  return (
    <ul className="social-sign-in">
      {dynamic.socialProviders.map((provider) => (
        <li key={provider.id}>
          <a className="button button--secondary button--lg social-sign-in__link" href={socialConnectUrl(provider.id, target, where)}>
            <span className="social-sign-in__initial" aria-hidden="true">
              {provider.name.trim().charAt(0).toUpperCase()}
            </span>
            Continue with {provider.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
