/**
 * A real OpenID provider for tests (oidc-provider 9) on 127.0.0.1, plain http, random port.
 *
 * - One confidential client: client id and secret, authorization code only, PKCE required, and
 *   `redirect_uris` exactly the app's callback (registered once the app's port is known).
 * - Accounts are set per test (sub, email, email_verified, names); `findAccount` answers them.
 * - The interaction (login and consent) is completed programmatically: the account chosen with
 *   `signInAs` is logged in and every requested scope granted, or, after `denyNext`, the user
 *   "cancels" (access_denied). No devInteractions pages.
 * - With `{ login: 'form' }` (the browser tests, whose workers run in other processes and in
 *   parallel) the login step is instead a small page where the browser types who signs in (e-mail
 *   and names; `sub` is derived from the e-mail, so the same address is the same account) or
 *   presses Cancel; consent is still granted programmatically.
 *
 * oidc-provider ships no types: the few members used here are typed by hand.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface InteractionDetails {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> } };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
  on(event: string, listener: (...args: unknown[]) => void): void;
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client with exactly these redirect URIs (call once the app's port is known). */
  registerClient(redirectUris: string[]): Promise<void>;
  /** Adds or replaces an account the provider knows. */
  setAccount(account: TestAccount): void;
  /** The account the next logins sign in as. */
  signInAs(sub: string): void;
  /** The next interaction is cancelled by the user (error=access_denied). */
  denyNext(): void;
  close(): Promise<void>;
}

const specifier = 'oidc-provider';

export interface OidcPeerOptions {
  /** 'programmatic' (default): `signInAs` decides who logs in. 'form': the browser fills in a login page. */
  login?: 'programmatic' | 'form';
}

/** The `sub` the login form gives an e-mail address: stable, so one address is one provider account. */
export const formSubject = (email: string) => `form-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;

const LOGIN_PAGE = (action: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Test ID</title></head>
<body><main>
<h1>Sign in to Test ID</h1>
<form method="post" action="${action}">
<p><label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="off" required></p>
<p><label for="given_name">First name</label> <input id="given_name" name="given_name"></p>
<p><label for="family_name">Last name</label> <input id="family_name" name="family_name"></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button name="action" value="login">Continue</button> <button name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>
</main></body></html>`;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

export async function startOidcProvider(options: OidcPeerOptions = {}): Promise<OidcPeer> {
  const { default: Provider } = (await import(specifier)) as { default: ProviderConstructor };
  const accounts = new Map<string, TestAccount>();
  let current: string | undefined;
  let deny = false;
  let provider: ProviderInstance | undefined;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const p = provider!;
    const details = await p.interactionDetails(req, res);
    if (deny) {
      deny = false;
      return p.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'login' && options.login === 'form') {
      if (req.method !== 'POST') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(LOGIN_PAGE(req.url ?? '/'));
        return;
      }
      const form = await readForm(req);
      if (form.get('action') === 'cancel') {
        return p.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      }
      const email = form.get('email')?.trim() ?? '';
      if (!email) throw new Error('the login form needs an email');
      const sub = formSubject(email);
      accounts.set(sub, {
        sub,
        email,
        emailVerified: form.get('email_verified') === 'true',
        ...(form.get('given_name') ? { givenName: form.get('given_name')! } : {}),
        ...(form.get('family_name') ? { familyName: form.get('family_name')! } : {}),
      });
      return p.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'login') {
      if (!current || !accounts.has(current)) throw new Error('the OIDC test peer has no account to sign in as: call signInAs()');
      return p.interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false });
    }
    // consent: grant whatever is missing.
    const accountId = details.session?.accountId ?? current!;
    const grant = details.grantId ? await p.Grant.find(details.grantId) : new p.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    return p.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  const server = createServer((req, res) => {
    if (!provider || !handle) {
      res.statusCode = 503;
      res.end('the OIDC test peer has no client yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `olp-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = { ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: 'test-signing-key', use: 'sig', alg: 'RS256' };

  return {
    issuer,
    clientId,
    clientSecret,
    async registerClient(redirectUris) {
      provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic' }],
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(16).toString('hex')] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
        ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
        // A refused request (a redirect URI that is not registered) answers its error as JSON.
        async renderError(ctx: { type: string; body: unknown }, out: Record<string, unknown>) {
          ctx.type = 'json';
          ctx.body = out;
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
        async findAccount(_ctx: unknown, sub: string) {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            async claims() {
              return {
                sub,
                ...(account.email === undefined ? {} : { email: account.email, email_verified: account.emailVerified ?? false }),
                ...(account.givenName ? { given_name: account.givenName } : {}),
                ...(account.familyName ? { family_name: account.familyName } : {}),
              };
            },
          };
        },
      });
      // Quiet: the provider logs every refused request to the console otherwise.
      provider.on('server_error', () => undefined);
      handle = provider.callback();
    },
    setAccount(account) {
      accounts.set(account.sub, account);
    },
    signInAs(sub) {
      current = sub;
    },
    denyNext() {
      deny = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
