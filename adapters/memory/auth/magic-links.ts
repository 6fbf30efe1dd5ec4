/**
 * The in-process MagicLinkRepository, behaving as adapters/postgres/auth/magic-links.ts does
 * (tests/contract/auth-repositories.test.ts). Each method checks and writes without awaiting in
 * between, so a consume is as atomic here as the conditional update is in PostgreSQL.
 */
import type { ConsumeResult, MagicLinkRecord, MagicLinkRepository } from '../../../application/ports/magic-links';
import { mapSnapshot } from '../snapshot';
import type { MemoryTwin } from '../unit-of-work';

const copy = (link: MagicLinkRecord): MagicLinkRecord => structuredClone(link);

/** Why a link cannot be used; used wins over replaced, replaced over expired. */
function refusalOf(link: MagicLinkRecord, now: Date): Exclude<ConsumeResult['status'], 'consumed'> | null {
  if (link.usedAt) return 'used';
  if (link.replacedAt) return 'replaced';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

export function memoryMagicLinks(): MagicLinkRepository & MemoryTwin {
  const links = new Map<string, MagicLinkRecord>();
  const idByTokenHash = new Map<string, string>();

  return {
    async create(input) {
      // The same refusals as the table's primary key and unique index.
      if (links.has(input.id)) throw new Error(`magic link ${input.id} already exists`);
      if (idByTokenHash.has(input.tokenHash)) throw new Error('a magic link with this token hash already exists');
      const link: MagicLinkRecord = copy({ ...input, email: input.email.toLowerCase(), usedAt: null, replacedAt: null });
      links.set(link.id, link);
      idByTokenHash.set(link.tokenHash, link.id);
    },

    async consume(tokenHash, now) {
      const id = idByTokenHash.get(tokenHash);
      const link = id === undefined ? undefined : links.get(id);
      if (!link) return { status: 'unknown' };
      const refusal = refusalOf(link, now);
      if (refusal) return { status: refusal };
      link.usedAt = new Date(now);
      return { status: 'consumed', link: copy(link) };
    },

    async replaceOthers(email, requester, keepId, now) {
      const address = email.toLowerCase();
      let replaced = 0;
      for (const link of links.values()) {
        if (link.email !== address || link.requester !== requester || link.id === keepId || link.usedAt || link.replacedAt) continue;
        link.replacedAt = new Date(now);
        replaced++;
      }
      return replaced;
    },

    async recentLinks(email, since) {
      const address = email.toLowerCase();
      let latest: MagicLinkRecord | undefined;
      let count = 0;
      for (const link of links.values()) {
        if (link.email !== address || link.createdAt.getTime() <= since.getTime()) continue;
        count++;
        if (!latest || link.createdAt.getTime() >= latest.createdAt.getTime()) latest = link;
      }
      return { count, latest: latest ? { requester: latest.requester, createdAt: new Date(latest.createdAt) } : null };
    },

    async remove(id) {
      const link = links.get(id);
      if (!link) return;
      links.delete(id);
      idByTokenHash.delete(link.tokenHash);
    },

    // For a memory unit of work: a consume marks the stored link in place, so the snapshot copies each one.
    snapshot: () => mapSnapshot([links, copy], [idByTokenHash]),
  };
}
