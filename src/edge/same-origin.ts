/**
 * Whether a browser's `Origin` is the sandbox itself as the request reached it (`host`, the Host
 * header), scheme aside. `null` (a sandboxed frame, a file) and anything unparseable are not.
 */
export function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}
