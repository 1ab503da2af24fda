/**
 * The did-you-mean of every message about a mistyped name (a command, an option's value, a
 * scenario field): the candidate closest to what was typed, by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours), if one is close enough to be a typo.
 */

/** Edits between `a` and `b`, a swap of two neighbours counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      const above = d[i - 1]!;
      row[j] = Math.min(
        above[j]! + 1,
        row[j - 1]! + 1,
        above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate closest to `typed` (case ignored: `MANUAL` finds `manual`), if it is within a
 * third of its length in edits (at least one, at most three); undefined when none is, or when
 * `typed` is one of them.
 *
 * @example closestMatch('acounts', ['name', 'accounts']) // 'accounts'
 */
export function closestMatch(typed: string, candidates: Iterable<string>): string | undefined {
  const word = typed.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    if (name === typed) return undefined;
    const distance = editDistance(word, name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

/** `; did you mean "x"?` for the closest candidate, or '' when none is close. */
export function didYouMean(typed: string, candidates: Iterable<string>): string {
  const near = closestMatch(typed, candidates);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}
