import type { Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../json-schema.js';
import type { ErrorDetail } from '../errors/service-error.js';
import { operationsOf, type OpenApiDocument, type OpenApiParameter } from './openapi-document.js';
import { loadPrebuiltValidators, type PrebuiltValidators } from './prebuilt-validators.js';
import { toErrorDetails } from './validation-messages.js';

/** Validates one input; returns the failures (empty when valid). May coerce and fill defaults in place. */
export type InputValidator = (data: unknown) => ErrorDetail[];

export interface RequestValidators {
  /** The request body validator of an operation. */
  body(operationId: string): InputValidator;
  /** The query validator of an operation (strings coerced to the declared types, defaults filled). */
  query(operationId: string): InputValidator;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * Turns numeric query strings into numbers, strictly: plain decimal notation only, finite. ajv's own
 * coercion would take `0x10`, `Infinity` or a lone space, which no client means as a coordinate.
 */
function parseNumbers(query: Record<string, unknown>, params: OpenApiParameter[]): ErrorDetail[] {
  const failures: ErrorDetail[] = [];
  for (const p of params) {
    const raw = query[p.name];
    if (typeof raw !== 'string') continue;
    const integer = (p.schema as { type?: string }).type === 'integer';
    const value = Number(raw);
    if (!(integer ? INTEGER : DECIMAL).test(raw) || !Number.isFinite(value)) {
      failures.push({
        param: p.name,
        message: `${p.name} must be ${integer ? 'an integer' : 'a finite decimal number'}, such as ${integer ? '5' : '37.7749'}; got ${JSON.stringify(raw.slice(0, 40))}`,
      });
    } else {
      query[p.name] = value;
    }
  }
  return failures;
}

/** Rewrites `#/components/schemas/X` to a reference into the registered components schema. */
function rewriteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, base));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] =
      k === '$ref' && typeof v === 'string'
        ? v.replace('#/components/schemas/', `${base}#/$defs/`)
        : rewriteRefs(v, base);
  }
  return out;
}

/**
 * The ajv of one kind of input: bodies as sent, query strings coerced to the declared types with
 * their defaults filled. `options` adds what the build needs (`code.source`, scripts/build-validators.mjs).
 */
export function newAjv(coerce: boolean, options: Options = {}): Ajv2020 {
  // The documents are checked by the contract tests; skipping the meta-schema check saves
  // ~150 ms at start-up (compiling the 2020-12 meta-schema).
  return createAjv({ validateSchema: false, coerceTypes: coerce, useDefaults: coerce, ...options });
}

/** The schema every validator's `$ref`s point into: the document's components, under `$defs`. */
export function componentsSchema(doc: OpenApiDocument, name: string): object {
  const base = baseUri(name);
  return { $id: base, $defs: rewriteRefs(doc.components.schemas, base) as object };
}

const baseUri = (name: string): string => `https://delivery-sandbox.dev/openapi/${name}.json`;

/** The schema of an operation's JSON request body, or undefined when it takes none. */
export function bodySchema(
  doc: OpenApiDocument,
  name: string,
  operationId: string,
): object | undefined {
  const schema =
    operationsOf(doc).get(operationId)?.requestBody?.content['application/json'].schema;
  return schema === undefined ? undefined : (rewriteRefs(schema, baseUri(name)) as object);
}

/** An operation's query parameters. */
export function queryParams(doc: OpenApiDocument, operationId: string): OpenApiParameter[] {
  const resolve = (p: OpenApiParameter | { $ref: string }): OpenApiParameter =>
    '$ref' in p
      ? (doc.components.parameters?.[p.$ref.split('/').pop() ?? ''] as OpenApiParameter)
      : p;
  return (operationsOf(doc).get(operationId)?.parameters ?? [])
    .map(resolve)
    .filter((p) => p.in === 'query');
}

/** The schema of an operation's query string: its parameters, no others. */
export function querySchema(params: OpenApiParameter[], name: string): object {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      params.map((p) => [p.name, rewriteRefs(p.schema, baseUri(name))]),
    ),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * Compiles the request validators of an OpenAPI document with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). The document is the single source of truth: no hand-written checks.
 */
export function compileRequestValidators(doc: OpenApiDocument, name: string): RequestValidators {
  // Once per document: every app in the process and the --data file check share the compiled
  // validators (the documents themselves are loaded once, by loadOpenApiDocument).
  let validators = compiled.get(doc);
  if (!validators) {
    validators = compile(doc, name);
    compiled.set(doc, validators);
  }
  return validators;
}

const compiled = new WeakMap<OpenApiDocument, RequestValidators>();

function compile(doc: OpenApiDocument, name: string): RequestValidators {
  // Built, ajv's code for every operation was generated by the build (loadPrebuiltValidators);
  // from source, each Ajv is made with the first validator it compiles, not at start-up.
  // Read on the first validator asked for: a start reads neither document's (the control plane's
  // is ~0.9 MB of code: the state import's schema).
  let prebuilt: PrebuiltValidators | undefined | null = null;
  const generated = (kind: 'body' | 'query', operationId: string): ValidateFunction | undefined => {
    if (prebuilt === null) prebuilt = loadPrebuiltValidators(name);
    return prebuilt?.[kind][operationId];
  };
  let bodyAjv: Ajv2020 | undefined;
  let queryAjv: Ajv2020 | undefined;
  const withComponents = (ajv: Ajv2020): Ajv2020 => ajv.addSchema(componentsSchema(doc, name));

  const bodies = new Map<string, InputValidator>();
  const queries = new Map<string, InputValidator>();
  const wrap =
    (fn: ValidateFunction, root: 'body' | 'query'): InputValidator =>
    (data) =>
      fn(data) ? [] : toErrorDetails(fn.errors ?? [], data, root);

  return {
    body(operationId) {
      let v = bodies.get(operationId);
      if (!v) {
        let fn = generated('body', operationId);
        if (!fn) {
          const schema = bodySchema(doc, name, operationId);
          if (!schema) throw new Error(`invariant: ${name} has no request body for ${operationId}`);
          bodyAjv ??= withComponents(newAjv(false));
          fn = bodyAjv.compile(schema);
        }
        v = wrap(fn, 'body');
        bodies.set(operationId, v);
      }
      return v;
    },
    query(operationId) {
      let v = queries.get(operationId);
      if (!v) {
        const params = queryParams(doc, operationId);
        const numeric = params.filter((p) =>
          ['number', 'integer'].includes((p.schema as { type?: string }).type ?? ''),
        );
        let fn = generated('query', operationId);
        if (!fn) {
          queryAjv ??= withComponents(newAjv(true));
          fn = queryAjv.compile(querySchema(params, name));
        }
        const check = wrap(fn, 'query');
        v = (data) => {
          const failures = parseNumbers(data as Record<string, unknown>, numeric);
          return failures.length > 0 ? failures : check(data);
        };
        queries.set(operationId, v);
      }
      return v;
    },
  };
}
