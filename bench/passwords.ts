/**
 * Password hashing (issue 11; domain/auth/README.md "Passwords"): what one argon2id check at
 * OWASP's first setting costs, and where the work runs. The same burst of checks runs twice:
 * through @node-rs/argon2's own async functions (napi async work, i.e. the libuv threadpool, 4
 * threads unless UV_THREADPOOL_SIZE says otherwise) and through the product's worker pool (one
 * thread per core). While each burst runs, small file reads (which also need the libuv pool, as do
 * dns.lookup and zlib) are timed, and so is the event loop's delay.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createPasswordHasher, OWASP_ARGON2ID } from '../adapters/crypto/password-hasher';
import { createPasswordPool } from '../adapters/crypto/password-pool';

const argon2 = createRequire(import.meta.url)('@node-rs/argon2') as typeof import('@node-rs/argon2');
const PASSWORD = 'Galt-Gulch-Motor-1957';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
const ms = (v: number) => v.toFixed(1);

interface Burst {
  name: string;
  checksPerSecond: number;
  p50: number;
  p99: number;
  fileReadP50: number;
  fileReadP99: number;
  loopDelayP99: number;
}

async function burst(name: string, check: () => Promise<unknown>, checks: number, concurrency: number): Promise<Burst> {
  const latencies: number[] = [];
  const reads: number[] = [];
  let done = false;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const reader = (async () => {
    while (!done) {
      const t = performance.now();
      await readFile(new URL(import.meta.url));
      reads.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < checks) {
        const t = performance.now();
        await check();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  done = true;
  await reader;
  loop.disable();
  return {
    name,
    checksPerSecond: checks / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    fileReadP50: percentile(reads, 50),
    fileReadP99: percentile(reads, 99),
    loopDelayP99: loop.percentile(99) / 1e6,
  };
}

export async function passwordsBench(o: { checks: number; concurrency: number; log: (line: string) => void }): Promise<string[]> {
  const pool = createPasswordPool();
  try {
    const hasher = createPasswordHasher({ pool });
    const stored = await hasher.hash(PASSWORD);
    const options = { algorithm: 2, ...OWASP_ARGON2ID };

    o.log('passwords: one check at a time');
    const single: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await hasher.verify(stored, PASSWORD);
      single.push(performance.now() - t);
    }
    const one = percentile(single, 50);

    o.log(`passwords: bursts of ${o.checks} checks, ${o.concurrency} at a time`);
    const idle = await burst('no hashing (file reads alone, 1 s)', () => new Promise((resolve) => setTimeout(resolve, 1000)), 1, 1);
    const rows = [
      await burst('@node-rs/argon2 async (libuv threadpool)', () => argon2.verify(stored, PASSWORD, options as never), o.checks, o.concurrency),
      await burst(`product: worker pool of ${pool.size}`, () => hasher.verify(stored, PASSWORD), o.checks, o.concurrency),
    ];
    const header = `| where the checks run | checks/s | p50 ms | p99 ms | p99 / one check | file read p50 / p99 ms | event-loop delay p99 ms |`;
    return [
      `# Password hashing ${new Date().toISOString()}`,
      '',
      `argon2id m=${OWASP_ARGON2ID.memoryCost} KiB, t=${OWASP_ARGON2ID.timeCost}, p=${OWASP_ARGON2ID.parallelism}; ${availableParallelism()} core(s) available, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? 'unset (4)'}. One check alone: ${ms(one)} ms (median of 20).`,
      '',
      header,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${idle.name} | - | - | - | - | ${ms(idle.fileReadP50)} / ${ms(idle.fileReadP99)} | ${ms(idle.loopDelayP99)} |`,
      ...rows.map((r) => `| ${r.name} | ${r.checksPerSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p99)} | ${(r.p99 / one).toFixed(1)} | ${ms(r.fileReadP50)} / ${ms(r.fileReadP99)} | ${ms(r.loopDelayP99)} |`),
    ];
  } finally {
    await pool.close();
  }
}
