/**
 * `npm run dev`: the API (`tsx watch main/api.ts`, port API_PORT or 3000) and the Vite dev
 * server (port 5173, proxying /api, /trpc, /healthz and /readyz to the API) together. Output is
 * forwarded with a prefix per process; when either stops, or on Ctrl+C, both are stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';

interface Service {
  name: string;
  colour: number;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

const services: Service[] = [
  {
    name: 'api',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'main/api.ts'],
    // Links the API writes (magic links) open the dev client, which proxies to the API.
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  },
  {
    name: 'web',
    colour: 35,
    command: bin('vite'),
    args: ['--config', 'web/vite.config.ts'],
    env: { ...process.env, API_PORT: apiPort },
  },
];

function forward(stream: NodeJS.ReadableStream | null, prefix: string, out: NodeJS.WriteStream) {
  let pending = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
  stream?.on('end', () => {
    if (pending) out.write(`${prefix} ${pending}\n`);
  });
}

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      // Each service runs in its own process group: end it and whatever it started.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const force = setTimeout(() => {
    for (const child of children) {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    process.exit(exitCode);
  }, 5_000);
  force.unref();
  Promise.all(children.map((child) => (child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve))))).then(
    () => process.exit(exitCode),
  );
}

for (const service of services) {
  const prefix = process.stdout.isTTY ? `\x1b[${service.colour}m[${service.name}]\x1b[0m` : `[${service.name}]`;
  const child = spawn(service.command, service.args, { cwd: root, env: service.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  forward(child.stdout, prefix, process.stdout);
  forward(child.stderr, prefix, process.stderr);
  child.on('error', (error) => {
    process.stderr.write(`${prefix} could not start: ${error.message}\n`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`${prefix} stopped (${signal ?? `exit code ${code}`}); stopping the others\n`);
    stopAll(code ?? 1);
  });
}

process.stdout.write(`API on http://localhost:${apiPort}, client on http://localhost:5173\n`);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopAll(0));
