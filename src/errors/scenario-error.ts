/** A scenario that cannot be used; the message is one line naming the file, the path and the fix. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}
