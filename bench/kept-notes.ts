/**
 * The notes BENCHMARKS.md keeps between runs of `npm run bench`: what sessions measured by hand
 * (a route profiled, a change paired against the tree before) and why, which a run does not
 * measure again. bench/run.ts writes its report, then this marker, then whatever followed the
 * marker in the file it replaces.
 */
export const NOTES_MARKER =
  '<!-- Written by hand below this line: `npm run bench` keeps it, and rewrites what is above. -->';

/** `generated`, then the marker and the notes of `existing` (the file being replaced), if any. */
export function withKeptNotes(generated: string, existing: string | undefined): string {
  const at = existing?.indexOf(NOTES_MARKER) ?? -1;
  const notes = at < 0 ? '' : existing!.slice(at + NOTES_MARKER.length).replace(/^\n+/, '');
  return `${generated.replace(/\n+$/, '')}\n\n${NOTES_MARKER}\n\n${notes}`;
}
