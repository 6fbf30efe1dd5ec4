/**
 * The threads password hashing runs on: a pool of worker threads, one per core the process may
 * run on (`os.availableParallelism()`, which follows the CPU affinity), started on first use.
 *
 * Why not the libuv threadpool that @node-rs/argon2's async functions use: that pool has 4
 * threads whatever the machine, and fs, dns.lookup, zlib and crypto's own async work wait behind
 * it. A burst of sign-ins fills it, and a PostgreSQL reconnect's address lookup or a compressed
 * answer then waits for a hash; on a machine with more than 4 cores, hashing could not use them.
 * Here the hashes run on threads of their own, as many as there are cores, and a burst waits in a
 * queue in JavaScript, first come first served (domain/auth/README.md "Passwords": the measurement).
 *
 * The workers run the native binding's synchronous functions; they are plain CommonJS given as
 * source (no TypeScript loader needed in a worker), and load the binding by its resolved path.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type PasswordTask =
  | { op: 'argon2-hash'; password: string; memoryCost: number; timeCost: number; parallelism: number }
  | { op: 'argon2-verify'; hash: string; password: string }
  | { op: 'scrypt'; password: string; salt: Uint8Array; keyLength: number; N: number; r: number; p: number; maxmem: number };

interface TaskResult {
  'argon2-hash': string;
  'argon2-verify': boolean;
  scrypt: Uint8Array;
}

export interface PasswordPool {
  readonly size: number;
  run<T extends PasswordTask>(task: T): Promise<TaskResult[T['op']]>;
  close(): Promise<void>;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const argon2 = require(workerData.argon2);
parentPort.on('message', (task) => {
  try {
    let result;
    if (task.op === 'argon2-hash') result = argon2.hashSync(task.password, { algorithm: 2, memoryCost: task.memoryCost, timeCost: task.timeCost, parallelism: task.parallelism });
    else if (task.op === 'argon2-verify') result = argon2.verifySync(task.hash, task.password);
    else if (task.op === 'scrypt') result = scryptSync(task.password, task.salt, task.keyLength, { N: task.N, r: task.r, p: task.p, maxmem: task.maxmem });
    else throw new Error('unknown task ' + task.op);
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Job {
  task: PasswordTask;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export function createPasswordPool(size = availableParallelism()): PasswordPool {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2 } });
    const slot: Slot = { worker, job: null };
    worker.on('message', (answer: { ok: true; result: never } | { ok: false; message: string }) => {
      const job = slot.job;
      slot.job = null;
      if (job) {
        if (answer.ok) job.resolve(answer.result);
        else job.reject(new Error(`password hashing failed: ${answer.message}`));
      }
      next(slot);
    });
    const lost = (error: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      slot.job?.reject(error);
      slot.job = null;
      if (!closed && queue.length > 0) next(spawn());
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (slots.includes(slot)) lost(new Error(`password worker exited (code ${code})`));
    });
    slots.push(slot);
    return slot;
  };

  // An idle worker must not keep the process alive; a busy one must, or a script awaiting a hash could exit first.
  const next = (slot: Slot) => {
    const job = queue.shift();
    if (!job) {
      slot.worker.unref();
      return;
    }
    slot.job = job;
    slot.worker.ref();
    slot.worker.postMessage(job.task);
  };

  return {
    size,
    run(task) {
      if (closed) return Promise.reject(new Error('the password pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve: resolve as (value: never) => void, reject });
        const idle = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : undefined);
        if (idle) next(idle);
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the password pool is closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

let shared: PasswordPool | undefined;

/** The process's pool: the cores are the machine's, so every hasher shares one. */
export function sharedPasswordPool(): PasswordPool {
  shared ??= createPasswordPool();
  return shared;
}
