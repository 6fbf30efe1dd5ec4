/**
 * Worker processes as a deployment runs them, on real Redis: SIGTERM stops taking jobs, lets the
 * running ones finish and exits 0 (the rest wait in Redis for the next worker); a worker killed
 * with SIGKILL mid-job loses nothing: once the jobs' locks lapse, another worker's stalled-job
 * check runs them again; and the worker entrypoint refuses a Redis that evicts keys, naming
 * maxmemory-policy. tests/support/job-worker.ts is the worker (the real runtime and shutdown).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullMqQueue } from '../../adapters/queue/bullmq-queue';
import type { JobQueue } from '../../application/ports/job-queue';
import { redisUrlForTests } from '../support/infra';
import { freePort } from '../support/server';

const tsx = path.resolve('node_modules/.bin/tsx');
/** Node itself with tsx's loader: one process, so a signal reaches the worker and not a wrapper. */
const nodeWithTsx = [process.execPath, '--import', 'tsx'] as const;
const redisUrl = await redisUrlForTests();

interface Worker {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  output(): string;
}

async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(nodeWithTsx[0], [nodeWithTsx[1], nodeWithTsx[2], 'tests/support/job-worker.ts'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  while (!output.includes('ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`worker did not start: ${output}`);
    }
    await sleep(100);
  }
  return { child, exited, output: () => output };
}

async function until(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

if (redisUrl) {
  describe('worker processes on Redis', () => {
    const prefix = `test-workers:${randomUUID()}`;
    const redis = new Redis(redisUrl);
    const queues: JobQueue[] = [];
    const running: Worker[] = [];
    afterAll(async () => {
      for (const worker of running) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      await Promise.all(queues.map((queue) => queue.close()));
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    });

    const marks = async (run: string, kind: 'started' | 'done') => redis.lrange(`${prefix}-${run}:marks:${kind}`, 0, -1);
    async function enqueue(run: string, count: number) {
      const queue = createBullMqQueue({ redisUrl: redisUrl!, prefix: `${prefix}-${run}` });
      queues.push(queue);
      for (let n = 1; n <= count; n++) await queue.enqueue('test.slow.work.v1', { n }, { jobId: `${run}-${n}`, attempts: 1 });
    }
    const worker = async (run: string, env: Record<string, string>) => {
      const started = await startWorker({ REDIS_URL: redisUrl!, JOB_PREFIX: `${prefix}-${run}`, ...env });
      running.push(started);
      return started;
    };

    it('on SIGTERM takes no new job, finishes the running ones and exits 0; the rest wait for the next worker', async () => {
      const first = await worker('drain', { JOB_MS: '2000', JOB_CONCURRENCY: '3', SHUTDOWN_GRACE_MS: '15000' });
      await enqueue('drain', 6);
      await until(async () => (await marks('drain', 'started')).length === 3);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const started = await marks('drain', 'started');
      const done = await marks('drain', 'done');
      expect(started).toHaveLength(3);
      expect(done.map((line) => line.split(' ')[0]).sort()).toEqual(started.map((line) => line.split(' ')[0]).sort());

      const second = await worker('drain', { JOB_MS: '200', JOB_CONCURRENCY: '3' });
      await until(async () => (await marks('drain', 'done')).length === 6);
      const all = (await marks('drain', 'done')).map((line) => line.split(' ')[0]).sort();
      expect(all).toEqual(['drain-1', 'drain-2', 'drain-3', 'drain-4', 'drain-5', 'drain-6']);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }, 90_000);

    it('runs the jobs of a worker killed with SIGKILL again elsewhere, once their locks lapse', async () => {
      const settings = { JOB_MS: '2500', JOB_CONCURRENCY: '4', LOCK_MS: '1000', STALLED_MS: '500' };
      const doomed = await worker('kill', settings);
      await enqueue('kill', 4);
      await until(async () => (await marks('kill', 'started')).length === 4);
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      expect(await marks('kill', 'done')).toEqual([]);
      const doomedPid = (await marks('kill', 'started'))[0]!.split(' ')[1];

      const rescuer = await worker('kill', settings);
      await until(async () => (await marks('kill', 'done')).length === 4, 45_000);
      const done = await marks('kill', 'done');
      expect(done.map((line) => line.split(' ')[0]).sort()).toEqual(['kill-1', 'kill-2', 'kill-3', 'kill-4']);
      const finishers = new Set(done.map((line) => line.split(' ')[1]));
      expect(finishers.size).toBe(1);
      expect(finishers.has(doomedPid)).toBe(false);
      rescuer.child.kill('SIGTERM');
      expect(await rescuer.exited).toBe(0);
    }, 90_000);
  });
}

describe('the worker entrypoint', () => {
  it('refuses to start on a Redis whose maxmemory-policy evicts keys, naming the setting in one line', async () => {
    const port = await freePort();
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'allkeys-lru'], { stdio: 'ignore' });
    try {
      const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
      probe.on('error', () => undefined);
      await until(async () => probe.connect().then(() => true, () => false), 10_000);
      await probe.quit();
      const result = spawnSync(tsx, ['main/worker.ts'], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-worker-')), REDIS_URL: `redis://127.0.0.1:${port}` },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const lines = result.stderr.trim().split('\n').filter((line) => line && !line.includes('nodedir'));
      expect(result.status).toBe(1);
      expect(lines).toEqual([`Failed to start: REDIS_URL (redis://127.0.0.1:${port}): Redis maxmemory-policy is allkeys-lru; the job queue needs maxmemory-policy noeviction (an evicting Redis drops queued jobs)`]);
    } finally {
      server.kill('SIGKILL');
    }
  }, 90_000);
});
