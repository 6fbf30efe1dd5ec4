/** Starts the job processors and the outbox relay loop; used by `npm start` and `npm run start:worker`. */
import type { Services } from '../adapters/compose';
import { outboxHandlers } from './handlers';
import { registerOutboxDelivery, relayOutbox, type OutboxHandler } from './outbox-relay';

export interface RunningWorkers {
  stop(): Promise<void>;
}

export function startWorkers(services: Services, options: { pollMs?: number; handlers?: Record<string, OutboxHandler> } = {}): RunningWorkers {
  registerOutboxDelivery(services, { ...outboxHandlers, ...options.handlers });
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = relayOutbox(services)
      .catch((error: unknown) => services.logger.warn({ err: error }, 'outbox relay failed; will retry'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 1000);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
