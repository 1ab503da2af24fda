/**
 * Contract checking for observed HTTP exchanges against an OpenAPI 3.x document, using
 * @stoplight/prism-http's own router and output validator.
 *
 * Usage:
 *   const contract = await loadContract('openapi/v1.yaml');
 *   contract.assert({ method: 'GET', path: '/v1/orders/ord_1', status: 200, headers, body });
 *
 * Notes on prism's behaviour that shape this helper:
 * - The router is given no `baseUrl`, so the document's `servers` entry is not matched (a test
 *   server listens on a random port). With a baseUrl prism insists it matches a `servers` URL.
 * - Prism stamps every schema with `$schema: draft-07` (even for OpenAPI 3.1) and validates with
 *   Ajv's draft-07 class. If Ajv fails to COMPILE a schema, prism silently treats the response as
 *   valid; this helper compiles each response's schemas the same way the first time that
 *   response is checked and reports a failure as a violation, so that a schema problem cannot
 *   turn into a silently passing contract.
 * - Because of that, JSON Schema 2019-09/2020-12 keywords (prefixItems, unevaluatedProperties,
 *   dependentRequired, ...) are ignored by prism; they are reported as violations here.
 * - "Status code not in the document" is an Error for 2xx but only a Warning otherwise; both are
 *   violations here. Only Information/Hint diagnostics are ignored.
 * - A response that declares no content is not checked for a body by prism; this helper reports
 *   a body on such a response as a violation.
 * - Response header names are compared case-insensitively by prism; they are lowercased here too.
 * - `application/json; charset=utf-8` matches a document's `application/json` (parameters the
 *   document does not declare are ignored).
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http/dist/utils/operations.js';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import { findOperationResponse } from '@stoplight/prism-http/dist/validator/utils/spec.js';
import type { IHttpRequest, IHttpResponse, PrismHttpComponents } from '@stoplight/prism-http';

export interface ObservedExchange {
  method: string;
  /** Path only, no query string. */
  path: string;
  query?: Record<string, string | string[]>;
  requestHeaders?: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or undefined when there is no body. */
  body: unknown;
}

export interface ContractChecker {
  /** Human-readable violations; empty when the exchange conforms to the document. */
  check(exchange: ObservedExchange): string[];
  /** Throws an Error listing the violations, with method, path, status and the body. */
  assert(exchange: ObservedExchange): void;
  /** Milliseconds spent in loadContract for this document (parse, dereference, compile). */
  readonly loadMs: number;
}

// ---------------------------------------------------------------------------------------------
// Prism's router is a CommonJS module with `exports.default = route`. A default import of it
// yields `{ default: route }` under plain Node ESM but `route` itself under vitest's CJS interop,
// so it is loaded with require(), which behaves the same everywhere.
type RouteFn = PrismHttpComponents['route'];
type HttpOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];
type HttpOperationResponse = HttpOperation['responses'][number];
type HttpMethod = IHttpRequest['method'];
type OutputResult = ReturnType<typeof validateOutput>;
type PrismDiagnostic = Extract<OutputResult, { _tag: 'Left' }>['left'][number];

const requireCjs = createRequire(import.meta.url);
const { default: route } = requireCjs('@stoplight/prism-http/dist/router/index.js') as {
  default: RouteFn;
};

// ajv-formats is CommonJS too; `module.exports` is the plugin and also carries `.default`.
const addFormats = addFormatsModule.default;

const HTTP_METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

/** Prism's DiagnosticSeverity: 0 Error, 1 Warning, 2 Information, 3 Hint. */
const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'] as const;
const MAX_FAILING_SEVERITY = 1;

const DOC_ID = 'urn:contract:openapi-document';
const ERROR_RESPONSE_POINTER = '#/components/schemas/ErrorResponse';
const REQUEST_ID_HEADER_POINTER = '#/components/headers/XRequestId/schema';
const REQUEST_ID_HEADER = 'x-request-id';
const BODY_PREVIEW_CHARS = 2048;

// One cache per process, shared by every test file that runs in it (a global symbol, so that it
// survives a module registry reset between files when vitest does not isolate them).
const CACHE_KEY = Symbol.for('delivery-sandbox.test.contract-cache');
type ContractCache = Map<string, Promise<ContractChecker>>;
const globalWithCache = globalThis as typeof globalThis & { [CACHE_KEY]?: ContractCache };
const cache: ContractCache = (globalWithCache[CACHE_KEY] ??= new Map<
  string,
  Promise<ContractChecker>
>());

export function loadContract(yamlPath: string): Promise<ContractChecker> {
  const absolute = resolvePath(yamlPath);
  return cached(absolute, async () =>
    buildChecker(absolute, parseYaml(await readFile(absolute, 'utf8'))),
  );
}

/** The same as `loadContract`, for a document already in memory (cached under `name`). */
export function loadContractFromDocument(
  name: string,
  document: unknown,
): Promise<ContractChecker> {
  return cached(`document:${name}`, () => buildChecker(name, document));
}

function cached(key: string, build: () => Promise<ContractChecker>): Promise<ContractChecker> {
  let pending = cache.get(key);
  if (!pending) {
    pending = build();
    cache.set(key, pending);
    // A failed load is not cached, so the next caller sees a fresh attempt (and the real error).
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------

async function buildChecker(absolutePath: string, document: unknown): Promise<ContractChecker> {
  const started = performance.now();
  if (!isRecord(document)) throw new Error(`${absolutePath} is not an OpenAPI document`);

  // The ref parser dereferences in place, so prism gets its own copy.
  const operations = await getHttpOperationsFromSpec(structuredClone(document));
  if (operations.length === 0) throw new Error(`${absolutePath} declares no operations`);

  const guard = createCompileGuard();
  const fallback = compileUnroutedValidators(document, absolutePath);
  const loadMs = performance.now() - started;

  const check = (exchange: ObservedExchange): string[] =>
    checkExchange(operations, guard, fallback, exchange);
  return {
    loadMs,
    check,
    assert(exchange: ObservedExchange): void {
      const violations = check(exchange);
      if (violations.length > 0) throw new Error(describeFailure(exchange, violations));
    },
  };
}

interface UnroutedValidators {
  errorResponse: ValidateFunction;
  requestIdHeader: ValidateFunction | undefined;
}

function checkExchange(
  operations: HttpOperation[],
  guard: ReturnType<typeof createCompileGuard>,
  fallback: UnroutedValidators,
  exchange: ObservedExchange,
): string[] {
  const method = exchange.method.toLowerCase();
  if (!isHttpMethod(method)) return [`[error] route: unsupported HTTP method ${exchange.method}`];

  const [path = '', queryString] = exchange.path.split('?', 2);
  const query = exchange.query ?? (queryString ? parseQuery(queryString) : undefined);
  const headers = lowercaseKeys(exchange.headers);

  const input: IHttpRequest = {
    method,
    url: query ? { path, query } : { path },
    ...(exchange.requestHeaders ? { headers: lowercaseKeys(exchange.requestHeaders) } : {}),
  };
  const routed = route({ resources: operations, input });
  if (routed._tag === 'Left') return checkUnrouted(fallback, exchange, headers, routed.left);

  const operation = routed.right;
  const response: IHttpResponse = { statusCode: exchange.status, headers };
  if (exchange.body !== undefined) response.body = exchange.body;

  const violations: string[] = [];
  const result = validateOutput({ resource: operation, element: response });
  if (result._tag === 'Left') {
    for (const diagnostic of result.left) {
      if (Number(diagnostic.severity) <= MAX_FAILING_SEVERITY)
        violations.push(formatDiagnostic(diagnostic));
    }
  }

  const declared = findOperationResponse(operation.responses, exchange.status);
  if (declared._tag === 'Some') {
    violations.push(...guard(operation, declared.value));
    // Prism does not flag a body on a response that declares no content.
    if (!hasContents(declared.value) && exchange.body !== undefined) {
      violations.push(
        `[error] body: response ${declared.value.code} declares no content, but a body was returned`,
      );
    }
  }
  return violations;
}

function checkUnrouted(
  fallback: UnroutedValidators,
  exchange: ObservedExchange,
  headers: Record<string, string>,
  routeError: Error,
): string[] {
  const why = `${routeError.message}${'detail' in routeError ? `: ${String(routeError.detail)}` : ''}`;
  if (exchange.status !== 404 || !isErrorEnvelope(exchange.body)) {
    return [
      `[error] route: no operation in the document matches ${exchange.method.toUpperCase()} ${exchange.path} (prism: ${why}); ` +
        `only a 404 with an ErrorResponse body ({ error: { code, message, ... } }) is allowed for it, got status ${exchange.status}`,
    ];
  }

  const violations: string[] = [];
  const contentType = headers['content-type'];
  if (!contentType || !/^application\/json\s*(;|$)/i.test(contentType)) {
    violations.push(
      `[error] header.content-type: expected application/json for the 404 error body, got "${contentType ?? ''}"`,
    );
  }
  if (fallback.requestIdHeader) {
    const requestId = headers[REQUEST_ID_HEADER];
    if (requestId === undefined) {
      violations.push(`[error] header: missing required header ${REQUEST_ID_HEADER}`);
    } else if (!fallback.requestIdHeader(requestId)) {
      violations.push(
        ...formatAjvErrors(fallback.requestIdHeader.errors, `header.${REQUEST_ID_HEADER}`),
      );
    }
  }
  if (!fallback.errorResponse(exchange.body)) {
    violations.push(...formatAjvErrors(fallback.errorResponse.errors, 'body'));
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------

/**
 * Prism compiles schemas with Ajv's draft-07 class inside a try/catch and reports "valid" when
 * compilation throws. This compiles the schemas of each response the first time it is checked,
 * the same way, so that such a schema is reported instead of silently accepting any value.
 */
function createCompileGuard(): (
  operation: HttpOperation,
  response: HttpOperationResponse,
) => string[] {
  const ajv = new Ajv({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    logger: false,
  });
  addFormats(ajv);
  const outcomes = new WeakMap<object, string[]>();
  return (operation, response) => {
    const known = outcomes.get(response);
    if (known) return known;
    const bundle = (operation as { __bundled__?: unknown }).__bundled__;
    const schemas: [string, unknown][] = [
      ...(response.contents ?? []).map((c): [string, unknown] => [
        `body (${c.mediaType})`,
        c.schema,
      ]),
      ...(response.headers ?? []).map((h): [string, unknown] => [
        `header.${h.name.toLowerCase()}`,
        h.schema,
      ]),
    ];
    const problems: string[] = [];
    for (const [where, schema] of schemas) {
      if (!isRecord(schema)) continue;
      const ignored = findDraft2020Keywords(schema);
      if (ignored.length > 0) {
        problems.push(
          `[error] ${where}: the schema of response ${response.code} uses ${ignored.join(', ')}, ` +
            'which prism validates as draft-07 and therefore ignores',
        );
      }
      try {
        ajv.compile({ ...schema, __bundled__: bundle });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        problems.push(
          `[error] ${where}: prism cannot compile the schema of response ${response.code} ` +
            `and would accept any value (${message})`,
        );
      }
    }
    outcomes.set(response, problems);
    return problems;
  };
}

/** Keywords of JSON Schema 2019-09/2020-12 that prism's draft-07 Ajv silently ignores. */
const DRAFT_2020_ONLY = new Set([
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
]);
const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
];

function findDraft2020Keywords(root: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (schema: unknown): void => {
    if (!isRecord(schema) || seen.has(schema)) return;
    seen.add(schema);
    for (const key of Object.keys(schema)) if (DRAFT_2020_ONLY.has(key)) found.add(key);
    for (const key of SCHEMA_KEYWORDS) visit(schema[key]);
    for (const key of SCHEMA_ARRAY_KEYWORDS) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const key of SCHEMA_MAP_KEYWORDS) {
      const map = schema[key];
      if (isRecord(map)) Object.values(map).forEach(visit);
    }
  };
  visit(root);
  return [...found].sort();
}

function compileUnroutedValidators(
  document: Record<string, unknown>,
  source: string,
): UnroutedValidators {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: false, logger: false });
  addFormats(ajv);
  const components = document['components'];
  ajv.addSchema({ $id: DOC_ID, components }, DOC_ID);
  const errorResponse = ajv.getSchema(`${DOC_ID}${ERROR_RESPONSE_POINTER}`);
  if (!errorResponse) throw new Error(`${source} has no ${ERROR_RESPONSE_POINTER}`);
  let requestIdHeader: ValidateFunction | undefined;
  const headersComponent = isRecord(components) ? components['headers'] : undefined;
  if (isRecord(headersComponent) && isRecord(headersComponent['XRequestId'])) {
    requestIdHeader = ajv.getSchema(`${DOC_ID}${REQUEST_ID_HEADER_POINTER}`);
  }
  return { errorResponse, requestIdHeader };
}

// ---------------------------------------------------------------------------------------------

function formatDiagnostic(diagnostic: PrismDiagnostic): string {
  const severity =
    SEVERITY_NAMES[Number(diagnostic.severity)] ?? `severity ${String(diagnostic.severity)}`;
  const where =
    diagnostic.path && diagnostic.path.length > 0 ? diagnostic.path.join('.') : 'response';
  const code =
    diagnostic.code !== undefined && diagnostic.code !== '' ? ` (${String(diagnostic.code)})` : '';
  return `[${severity}] ${where}: ${diagnostic.message}${code}`;
}

function formatAjvErrors(errors: ErrorObject[] | null | undefined, prefix: string): string[] {
  if (!errors || errors.length === 0) return [`[error] ${prefix}: invalid`];
  return errors.map((error) => {
    const segments = error.instancePath.split('/').filter((s) => s !== '');
    const where = [prefix, ...segments].join('.');
    const extra =
      'additionalProperty' in error.params
        ? `; found '${String(error.params['additionalProperty'])}'`
        : '';
    return `[error] ${where}: ${error.message ?? 'invalid'}${extra} (${error.keyword})`;
  });
}

function describeFailure(exchange: ObservedExchange, violations: string[]): string {
  let body: string;
  if (exchange.body === undefined) {
    body = '(no body)';
  } else {
    const json = JSON.stringify(exchange.body, null, 2);
    body =
      json.length > BODY_PREVIEW_CHARS
        ? `${json.slice(0, BODY_PREVIEW_CHARS)}\n… (truncated, ${json.length} characters in all)`
        : json;
  }
  return [
    `Contract violation: ${exchange.method.toUpperCase()} ${exchange.path} -> ${exchange.status}`,
    ...violations.map((v) => `  - ${v}`),
    'Body:',
    body,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpMethod(method: string): method is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(method);
}

function isErrorEnvelope(body: unknown): boolean {
  return (
    isRecord(body) &&
    isRecord(body['error']) &&
    'code' in body['error'] &&
    'message' in body['error']
  );
}

function hasContents(response: HttpOperationResponse): boolean {
  return (response.contents ?? []).length > 0;
}

function lowercaseKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key.toLowerCase()] = value;
  return out;
}

function parseQuery(queryString: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString)) {
    const existing = out[key];
    out[key] =
      existing === undefined
        ? value
        : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return out;
}
