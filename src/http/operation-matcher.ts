import { operationsOf, type OpenApiDocument } from './openapi-document.js';

/** A request's documented operation: its operationId and its path parameters. */
export interface MatchedOperation {
  operation: string;
  params: Record<string, string>;
}

interface CompiledOperation {
  method: string;
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

  constructor(doc: OpenApiDocument) {
    this.operations = [...operationsOf(doc).values()].map((op) => {
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
      const source = op.path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{[^}]+\}/g, '([^/]+)');
      return {
        method: op.method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        names,
        operation: op.operationId,
      };
    });
  }

  /** The operation `method path` is, or `undefined` when the document has none. */
  match(method: string, path: string): MatchedOperation | undefined {
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
      return { operation: op.operation, params };
    }
    return undefined;
  }
}
