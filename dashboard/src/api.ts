// The control plane, from the page: same origin (the sandbox's cross-site check lets these
// through), JSON bodies, and the admin token when the sandbox has one.

const TOKEN_KEY = 'delivery-sandbox.admin-token';
/** The page asks for this many items of each list (the newest ones); the stream keeps them live. */
export const LIST_LIMIT = 100;

/** The admin token this tab was given, if any: kept for the tab only (sessionStorage). */
export function adminToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setAdminToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

/** A control-plane error, with the sandbox's JSON error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly param: string | null,
    message: string,
    /** The catalogue's reason (`sandbox_not_found`), when the answer names one. */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

/** The named sandbox this page shows (`/?sandbox=NAME`), or null for the default one. */
export function sandboxName(): string | null {
  const name = new URLSearchParams(location.search).get('sandbox');
  return name && name !== 'default' ? name : null;
}

/**
 * The one place the page's sandbox enters a URL: `/__sandbox/x` is `/__sandbox/sandboxes/NAME/x`
 * on a named sandbox's page (docs/sandboxes.md), so no panel builds its own. The sandboxes' own
 * routes (`/__sandbox/sandboxes…`, the header's picker) stay as they are.
 */
export function scoped(path: string): string {
  const name = sandboxName();
  if (
    name === null ||
    !path.startsWith('/__sandbox/') ||
    /^\/__sandbox\/sandboxes(?:[/?]|$)/.test(path)
  )
    return path;
  return `/__sandbox/sandboxes/${encodeURIComponent(name)}${path.slice('/__sandbox'.length)}`;
}

/** Answers the page's control-plane calls from a recorded trace instead (the trace viewer). */
export type LocalAnswers = (method: string, path: string) => unknown;
let local: LocalAnswers | null = null;

/** From now on, every call is answered by `answers` (or by the sandbox again with `null`). */
export function answerLocally(answers: LocalAnswers | null): void {
  local = answers;
}

/** Calls the control plane; resolves with the JSON answer or rejects with an {@link ApiError}. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  if (local) return local(method, path) as T;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = adminToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(scoped(path), {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(res.status, 'invalid_response', null, `${method} ${path}: ${text}`);
  }
  if (!res.ok) {
    const e = (
      json as {
        error?: { code?: string; message?: string; param?: string | null; reason?: string | null };
      }
    )?.error;
    throw new ApiError(
      res.status,
      e?.code ?? 'error',
      e?.param ?? null,
      e?.message ?? text,
      e?.reason ?? null,
    );
  }
  return json as T;
}

/** One page of a control-plane list (docs/persistence.md#pagination): oldest first, newest last. */
export interface ListPage<T> {
  items: T[];
  /** Whether older items exist before this page. */
  has_more: boolean;
  /** The whole answer, for the fields a list answers beside its items. */
  answer: Record<string, unknown>;
}

/**
 * A page of a control-plane list: its newest {@link LIST_LIMIT} items without `before`, or the
 * {@link LIST_LIMIT} items just before the item whose id is `before` (a "Load older" button).
 * Every list takes `limit` and `ending_before` and answers `has_more`.
 */
export async function list<T>(path: string, key: string, before?: string): Promise<ListPage<T>> {
  const query = new URLSearchParams({ limit: String(LIST_LIMIT) });
  if (before !== undefined) query.set('ending_before', before);
  const sep = path.includes('?') ? '&' : '?';
  const page = await api<Record<string, unknown>>('GET', `${path}${sep}${query.toString()}`);
  return {
    items: (page[key] as T[] | undefined) ?? [],
    has_more: page.has_more === true,
    answer: page,
  };
}

/**
 * The URL of this page's sandbox stream, `/__sandbox/stream` or `/__sandbox/sandboxes/NAME/stream`
 * (the token in the query: a browser's WebSocket cannot send headers).
 */
export function streamUrl(): string {
  const url = new URL(scoped('/__sandbox/stream'), location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = adminToken();
  if (token) url.searchParams.set('access_token', token);
  return url.toString();
}
