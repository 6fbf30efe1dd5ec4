/**
 * One row of a benchmark: autocannon against a URL after a short warm-up, with requests/s and
 * latency percentiles computed exactly from every response's time (autocannon's own summary has
 * no p95: its nearest is p97.5).
 */
import autocannon from 'autocannon';

export interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface MeasureOptions {
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Seconds a request may take before it counts as an error (autocannon's default is 10). */
  timeoutSeconds?: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function run(url: string, o: MeasureOptions, seconds: number, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const options: autocannon.Options = { url, connections: o.connections, duration: seconds };
    if (o.headers) options.headers = o.headers;
    if (o.method) options.method = o.method;
    if (o.body) options.body = o.body;
    if (o.timeoutSeconds) options.timeout = o.timeoutSeconds;
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onLatency) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => onLatency(ms));
  });
}

export async function measure(name: string, url: string, o: MeasureOptions): Promise<Row> {
  if ((o.warmupSeconds ?? 2) > 0) await run(url, o, o.warmupSeconds ?? 2);
  const latencies: number[] = [];
  const result = await run(url, o, o.seconds, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    name,
    connections: o.connections,
    rps: latencies.length / o.seconds >= 100 ? Math.round(latencies.length / o.seconds) : round(latencies.length / o.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const tableOf = (rows: Row[]) => [
  '| row | connections | requests/s | p50 ms | p95 ms | p99 ms | requests | non-2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.non2xx + r.errors} |`),
];
