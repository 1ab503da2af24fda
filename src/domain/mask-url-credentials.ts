// The authority of a URL up to its last `@`: the user and password (WHATWG URL parsing ends the
// authority at `/`, `?`, `#`, and at `\` for http and https).
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#\\]*@/i;

/**
 * A URL as the sandbox shows it (endpoint lists, the delivery log, the report, logs, the
 * dashboard): any user name and password replaced by `****`, the rest exactly as written. The
 * stored endpoint keeps them, so requests still send them as Basic authentication.
 *
 * @example maskUrlCredentials('http://u:pw@localhost:3000/hooks') // 'http://****@localhost:3000/hooks'
 */
export function maskUrlCredentials(url: string): string {
  return url.replace(USERINFO, '$1****@');
}
