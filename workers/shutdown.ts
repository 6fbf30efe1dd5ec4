/**
 * SIGTERM (and SIGINT) in a worker process: stop taking jobs, let running ones finish within the
 * grace (SHUTDOWN_GRACE_MS), release connections, exit 0. If releasing hangs past the grace and
 * a margin, the process exits 1 rather than wait for ever.
 */
export function stopOnSignals(stop: () => Promise<void>, options: { graceMs: number; log(message: string, fields?: Record<string, unknown>): void }) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.log('shutting down: taking no new jobs, finishing running ones', { signal, graceMs: options.graceMs });
    setTimeout(() => {
      options.log('shutdown did not finish in time; exiting');
      process.exit(1);
    }, options.graceMs + 5_000).unref();
    stop().then(
      () => {
        options.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        options.log('shutdown failed', { err: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
