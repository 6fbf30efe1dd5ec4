/** The outbox canary's consumer: logs how long the ping took from its commit to here. */
import { outboxPing } from '../../../application/events';
import { defineJob } from '../define';
import type { OpsJobDeps } from '../deps';

export const answerOutboxPing = defineJob({
  name: 'ops.outbox.ping-answer',
  version: 1,
  payload: outboxPing.payload,
  on: outboxPing,
  async handler(deps: OpsJobDeps, payload, ctx) {
    const latencyMs = ctx.event ? deps.clock.now().getTime() - ctx.event.createdAt.getTime() : null;
    deps.log({ eventId: ctx.event?.id, note: payload.note, latencyMs }, 'outbox ping delivered');
  },
});
