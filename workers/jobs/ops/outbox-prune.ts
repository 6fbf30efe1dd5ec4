/** Every hour: delivered outbox rows older than a week and processed-event marks older than 30 days go. */
import { z } from 'zod';
import { defineJob } from '../define';
import type { OpsJobDeps } from '../deps';

export const pruneOutbox = defineJob({
  name: 'ops.outbox.prune',
  version: 1,
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  retry: { attempts: 3 },
  async handler(deps: OpsJobDeps) {
    const now = deps.clock.now().getTime();
    const rows = await deps.outbox.pruneDelivered(new Date(now - deps.retention.deliveredMs));
    const marks = await deps.processedEvents.prune(new Date(now - deps.retention.processedMs));
    if (rows + marks > 0) deps.log({ rows, marks }, 'outbox pruned');
  },
});
