/**
 * The token of an `Authorization: Bearer <token>` header, or the scheme that was used instead
 * (`{ scheme }`), or `undefined` when there is no header at all.
 */
export function parseBearer(
  header: string | undefined,
): { token: string } | { scheme: string } | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const token = /^Bearer +(\S+)\s*$/i.exec(header)?.[1];
  return token ? { token } : { scheme: header.split(' ')[0] ?? '' };
}
