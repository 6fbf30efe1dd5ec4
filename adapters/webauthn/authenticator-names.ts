/**
 * The provider of a passkey, named from the AAGUID its authenticator reports at registration
 * ("Google Password Manager", "1Password", "Apple Passwords"), so a member's passkeys are named
 * after where they live rather than 'Passkey 2'. The names are the community list
 * passkeydeveloper/passkey-authenticator-aaguids (aaguid.json), kept in passkey-providers.json
 * with its source and date (domain/auth/README.md "Passkeys": how to refresh it).
 *
 * A name is only a label the member can change: an AAGUID is self-reported and, with attestation
 * 'none', unverified, so nothing else is decided on it.
 */
import providers from './passkey-providers.json' with { type: 'json' };

/** What authenticators that keep their identity to themselves report (Firefox, privacy modes). */
const UNDISCLOSED = '00000000-0000-0000-0000-000000000000';

const names: Readonly<Record<string, string>> = providers.names;

/** The provider's name for this AAGUID, or null when it is unknown, absent or all zeros. */
export function providerNameOf(aaguid: string | null | undefined): string | null {
  if (!aaguid) return null;
  const key = aaguid.toLowerCase();
  if (key === UNDISCLOSED) return null;
  return Object.hasOwn(names, key) ? names[key]! : null;
}
