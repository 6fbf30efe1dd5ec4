/**
 * The benchmark's server processes: each part starts the product's server and its hand-written
 * counterpart as processes of their own (bench/*-peer.ts), so the load generator, in the bench
 * process, never shares an event loop with what it measures.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Peer {
  url: string;
  pid: number;
  /** What the peer printed after its address on its `ready` line (JSON). */
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

/** A process's CPU time so far (user + system), from /proc: clock ticks of 10 ms. */
export function cpuMillis(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `bench/<script> <role>` and answers once it prints `ready <url> [json]`. */
export function startPeer(script: string, role: string, env: Record<string, string>): Promise<Peer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', script), role], { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the ${role} process (${script}) exited (${code}) before it served`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)(?: (.*))?\n/.exec(out);
      if (!ready) return;
      child.removeAllListeners('exit');
      resolve({
        url: ready[1]!,
        pid: child.pid!,
        info: ready[2] ? (JSON.parse(ready[2]) as Record<string, unknown>) : {},
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
