import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { builtPath, packagePath } from '../paths.js';

/**
 * YAML is parsed here only when running from source (the build ships the documents as JSON), so
 * the package is required on first use rather than imported: the built CLI never loads it.
 */
export const parseYaml = (text: string): unknown =>
  (createRequire(import.meta.url)('yaml') as typeof Yaml).parse(text);

/** The OpenAPI documents the sandbox serves and validates against. */
export type DocumentName = 'v1' | 'sandbox';

export interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; parameters?: Record<string, OpenApiParameter> };
  [key: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: unknown;
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
}

const cache = new Map<DocumentName, OpenApiDocument>();

/**
 * Reads `openapi/<name>.yaml` once; the same object is served as JSON and compiled into validators.
 * The control-plane document reuses the `/v1` schemas (`Order`, `ErrorResponse`, …): they are merged
 * into it here, so the served document is complete.
 */
export function loadOpenApiDocument(name: DocumentName): OpenApiDocument {
  let doc = cache.get(name);
  if (!doc) {
    // The build writes each document as JSON beside the compiled code (JSON.parse is far faster
    // than YAML at start-up); running from source reads the YAML itself.
    const compiled = builtPath('openapi', `${name}.json`);
    doc = (
      compiled && existsSync(compiled)
        ? JSON.parse(readFileSync(compiled, 'utf8'))
        : parseYaml(readFileSync(packagePath('openapi', `${name}.yaml`), 'utf8'))
    ) as OpenApiDocument;
    if (name === 'sandbox') {
      const v1 = loadOpenApiDocument('v1');
      doc.components.schemas = { ...v1.components.schemas, ...doc.components.schemas };
    }
    cache.set(name, doc);
  }
  return doc;
}

/** Every operation of a document, by operationId, with its path and method. */
export function operationsOf(
  doc: OpenApiDocument,
): Map<string, OpenApiOperation & { path: string; method: string }> {
  const ops = new Map<string, OpenApiOperation & { path: string; method: string }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && 'operationId' in op) {
        ops.set((op as OpenApiOperation).operationId, {
          ...(op as OpenApiOperation),
          path,
          method,
        });
      }
    }
  }
  return ops;
}
