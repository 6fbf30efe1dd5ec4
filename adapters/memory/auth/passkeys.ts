/**
 * The in-process PasskeyRepository, behaving as adapters/postgres/auth/passkeys.ts does
 * (tests/contract/passkeys.test.ts). It hands out copies, never its own records.
 */
import type { PasskeyRepository } from '../../../application/ports/passkeys';
import type { Passkey } from '../../../domain/auth/passkey';
import { mapSnapshot } from '../snapshot';
import type { MemoryTwin } from '../unit-of-work';

const copy = (passkey: Passkey): Passkey => ({ ...structuredClone(passkey), publicKey: new Uint8Array(passkey.publicKey) });

/** Oldest first; the id breaks ties, as PostgreSQL orders uuids (lower-case hex order). */
const byCreation = (a: Passkey, b: Passkey) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function memoryPasskeys(): PasskeyRepository & MemoryTwin {
  const passkeys = new Map<string, Passkey>();
  const ofUser = (userId: string) => [...passkeys.values()].filter((p) => p.userId === userId);
  const owned = (userId: string, id: string) => {
    const passkey = passkeys.get(id);
    return passkey && passkey.userId === userId ? passkey : undefined;
  };

  return {
    async create(passkey) {
      if (passkeys.has(passkey.id)) throw new Error(`passkey ${passkey.id} already exists`);
      if ([...passkeys.values()].some((p) => p.credentialId === passkey.credentialId)) return 'duplicate';
      passkeys.set(passkey.id, copy(passkey));
      return 'created';
    },

    async byId(id) {
      const passkey = passkeys.get(id);
      return passkey ? copy(passkey) : null;
    },

    async byCredentialId(credentialId) {
      const passkey = [...passkeys.values()].find((p) => p.credentialId === credentialId);
      return passkey ? copy(passkey) : null;
    },

    async listForUser(userId) {
      return ofUser(userId).sort(byCreation).map(copy);
    },

    async countForUser(userId) {
      return ofUser(userId).length;
    },

    async rename(userId, id, name) {
      const passkey = owned(userId, id);
      if (!passkey) return null;
      passkey.name = name;
      return copy(passkey);
    },

    async remove(userId, id) {
      return owned(userId, id) ? passkeys.delete(id) : false;
    },

    async removeAllForUser(userId) {
      const mine = ofUser(userId);
      for (const p of mine) passkeys.delete(p.id);
      return mine.length;
    },

    async recordUse(id, use) {
      const passkey = passkeys.get(id);
      if (!passkey || passkey.counter !== use.previousCounter) return false;
      passkey.counter = use.counter;
      passkey.backedUp = use.backedUp;
      passkey.lastUsedAt = new Date(use.at);
      return true;
    },

    // For a memory unit of work: a use is recorded in place, so the snapshot copies each passkey.
    snapshot: () => mapSnapshot([passkeys, copy]),
  };
}
