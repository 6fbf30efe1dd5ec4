/**
 * The next time a 5-field cron pattern (minute hour day-of-month month day-of-week, UTC) names,
 * for the in-process queue's schedules; BullMQ reads the same patterns with tz UTC. Fields take
 * `*`, numbers, ranges `a-b`, steps `/n` and lists; as in cron, when both day fields are
 * restricted a day matching either runs.
 */
const RANGES = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
] as const;

function field(text: string, [min, max]: readonly [number, number]): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '*', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-').map(Number);
      from = a!;
      to = b ?? (stepText === undefined ? a! : max);
    }
    if (!(step >= 1) || from < min || to > max || from > to) throw new Error(`The cron field ${JSON.stringify(text)} is out of range ${min}-${max}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === '*' };
}

export function nextCronTime(pattern: string, after: Date): Date {
  const [minute, hour, dom, month, dow] = pattern.trim().split(/\s+/).map((text, i) => field(text, RANGES[i]!));
  if (!minute || !hour || !dom || !month || !dow) throw new Error(`A cron pattern has 5 fields, not ${JSON.stringify(pattern)}`);
  if (dow.values.has(7)) dow.values.add(0);
  const dayMatches = (t: Date) => {
    const byDom = dom.values.has(t.getUTCDate());
    const byDow = dow.values.has(t.getUTCDay());
    if (dom.any || dow.any) return (dom.any || byDom) && (dow.any || byDow);
    return byDom || byDow;
  };
  const t = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
  const limit = after.getTime() + 5 * 366 * 24 * 60 * 60_000;
  while (t.getTime() <= limit) {
    if (!month.values.has(t.getUTCMonth() + 1) || !dayMatches(t)) {
      t.setUTCHours(0, 0, 0, 0);
      t.setUTCDate(t.getUTCDate() + 1);
      continue;
    }
    if (!hour.values.has(t.getUTCHours())) {
      t.setUTCMinutes(0, 0, 0);
      t.setUTCHours(t.getUTCHours() + 1);
      continue;
    }
    if (minute.values.has(t.getUTCMinutes())) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  throw new Error(`The cron pattern ${JSON.stringify(pattern)} names no time in the next five years`);
}
