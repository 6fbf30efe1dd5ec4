/**
 * Snapshots of the memory twins' maps for adapters/memory/unit-of-work.ts: each map is copied
 * (its values through `copy` where records are changed in place) and restored in place, so the
 * closures that hold the map keep working after a rollback.
 */
export function mapSnapshot<V>(deep: [Map<string, V>, (value: V) => V], ...shallow: [Map<string, unknown>][]): () => void {
  const [map, copy] = deep;
  const saved = new Map([...map].map(([key, value]) => [key, copy(value)]));
  const savedShallow = shallow.map(([m]) => [m, new Map(m)] as const);
  return () => {
    map.clear();
    for (const [key, value] of saved) map.set(key, value);
    for (const [m, copyOfM] of savedShallow) {
      m.clear();
      for (const [key, value] of copyOfM) m.set(key, value);
    }
  };
}
