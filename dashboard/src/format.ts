// Small display helpers shared by the panels.

/** `12:04:37` from an ISO time (the sandbox's times are UTC). */
export function time(iso: string | null | undefined): string {
  return iso ? iso.slice(11, 19) : '—';
}

/** `$9.10` from minor units. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);
}

/** Runs a control-plane action and reports its failure in the page (never silently). */
export async function attempt(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (e) {
    window.alert((e as Error).message);
  }
}

/**
 * A JSON body indented two spaces, for reading; any other text (not JSON, or cut short) as it is.
 * Returns text, which the panels render as a text node: never markup.
 */
export function prettyJson(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : text;
  } catch {
    return text;
  }
}
