/**
 * The shape of one entry of the error catalogue, shared by the area files of `reasons/`:
 * the codes with their statuses, where a reason is answered, and `reason<P>()`, which types an
 * entry by the parameters its message takes.
 */

/** The error codes of the service, with their HTTP statuses. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Where a reason can be answered: the real service's `/v1` API, or only the control plane. */
export type Surface = 'v1' | 'control';

/** One reason: its code, status, parameter and message, for the parameters `P` (`void`: none). */
export interface ReasonSpec<P> {
  code: ErrorCode;
  /** Only where it differs from the code's usual status. */
  status?: number;
  /** The request parameter at fault (a function when it depends on the situation). */
  param: string | null | ((p: P) => string | null);
  message: (p: P) => string;
  /** The situation, in a few words, for the table of docs/errors.md. */
  when: string;
  surface: Surface;
  /**
   * Another code the same reason is answered with in one situation (documented here): `when` is
   * that whole situation, as the table of docs/errors.md shows it.
   */
  alternative?: { code: ErrorCode; when: string };
  headers?: Record<string, string>;
}

/**
 * Any reason's spec, whatever its parameters: what an area's object `satisfies`. A spec for `P`
 * is one for `never` (its functions take at least `never`), so this is the widest spec type.
 */
export type AnyReasonSpec = ReasonSpec<never>;

/**
 * One catalogue entry, typed by the parameters `P` its message takes (none when left out).
 * `NoInfer`: `P` is what is written here, never guessed from the area's `satisfies` type.
 *
 * @example order_not_found: reason<{ id: string }>({ code: 'not_found', message: (p) => `No order ${p.id}`, … })
 */
export const reason = <P = void>(s: ReasonSpec<NoInfer<P>>): ReasonSpec<NoInfer<P>> => s;

/** A value as a message quotes it: at most `n` characters, so a huge input cannot bloat the body. */
export const cut = (s: string, n: number): string => s.slice(0, n);
