/** A scenario that cannot be used; the message is one line naming the file, the path and the fix. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
  /**
   * Each problem on its own (`path: message`), for `validate --json`; one entry (the message
   * without the file) when there was only one thing to say.
   */
  readonly problems: readonly string[];

  constructor(message: string, problems?: readonly string[]) {
    super(message);
    this.problems = problems ?? [message];
  }
}
