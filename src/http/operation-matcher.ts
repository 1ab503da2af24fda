import { operationsOf, type OpenApiDocument } from './openapi-document.js';

/** A request's documented operation: its operationId and its path parameters. */
export interface MatchedOperation {
  readonly operation: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Paths whose match is kept, at most: a client polling one order asks for the same one again. */
const REMEMBERED = 512;

interface CompiledOperation {
  method: string;
  /** The path as the document writes it, e.g. `/v1/orders/{order_id}`. */
  template: string;
  pattern: RegExp;
  names: string[];
  operation: string;
}

/**
 * Finds which operation of an OpenAPI document a method and path are (`GET /v1/orders/ord_1` →
 * `retrieveOrder` with `{ order_id: 'ord_1' }`), for the journal and for fault rules that name
 * operations. Paths are matched exactly as the router does (case-sensitive, one optional `/`).
 */
export class OperationMatcher {
  private readonly operations: CompiledOperation[];
  /** The last paths matched, by `method path` (forgotten all at once beyond REMEMBERED). */
  private readonly remembered = new Map<string, MatchedOperation | undefined>();

  constructor(doc: OpenApiDocument) {
    this.operations = [...operationsOf(doc).values()].map((op) => {
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
      const source = op.path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{[^}]+\}/g, '([^/]+)');
      return {
        method: op.method.toUpperCase(),
        template: op.path,
        pattern: new RegExp(`^${source}/?$`),
        names,
        operation: op.operationId,
      };
    });
  }

  /**
   * The operation `method path` is, or `undefined` when the document has none. The same request
   * line gets the same (frozen) answer: every `/v1` request's journal entry asks, and a regular
   * expression per operation was ~1.5 % of an order read (issue 24).
   */
  match(method: string, path: string): MatchedOperation | undefined {
    const key = `${method} ${path}`;
    const known = this.remembered.get(key);
    if (known !== undefined || this.remembered.has(key)) return known;
    const found = this.find(method, path);
    if (this.remembered.size >= REMEMBERED) this.remembered.clear();
    this.remembered.set(key, found);
    return found;
  }

  /**
   * The operationId at `method` and `template`, a path as the document writes it
   * (`GET /v1/orders/{order_id}` → `retrieveOrder`): for a route that knows which it is, to name
   * its requests without matching their paths. Throws for one the document does not have.
   */
  operationAt(method: string, template: string): string {
    const op = this.operations.find((o) => o.method === method && o.template === template);
    if (op === undefined) throw new Error(`invariant: no operation ${method} ${template}`);
    return op.operation;
  }

  private find(method: string, path: string): MatchedOperation | undefined {
    for (const op of this.operations) {
      if (op.method !== method) continue;
      const m = op.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      op.names.forEach((name, i) => {
        const raw = m[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw; // not valid percent-encoding: the router answers 404 for it
        }
      });
      return Object.freeze({ operation: op.operation, params: Object.freeze(params) });
    }
    return undefined;
  }
}
