/** Every job of the product, in one list: the worker registers these, with their modules' deps. */
import { withDeps, type JobEntry } from './define';
import type { JobDeps } from './deps';
import { answerOutboxPing } from './ops/outbox-ping';
import { pruneOutbox } from './ops/outbox-prune';

export function productJobs(deps: JobDeps): JobEntry[] {
  return [withDeps(pruneOutbox, deps.ops), withDeps(answerOutboxPing, deps.ops)];
}
