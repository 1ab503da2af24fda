/**
 * Sets `key` to `value` as the newest entry of `map` (a `Map` keeps insertion order), and drops
 * the oldest entry once there are more than `limit`: the bounded memories of the recent (the
 * report's, the seeded drivers', the snapshots of the recent orders).
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}
