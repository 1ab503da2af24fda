// Generates dashboard/src/api.generated.ts from the documents the server publishes: the schemas
// of openapi/v1.yaml, openapi/sandbox.yaml and openapi/asyncapi.yaml in one namespace (the
// control-plane and stream documents name the /v1 schemas without defining them, as the served
// /__sandbox/openapi.json merges them). The dashboard imports nothing from src/: its types come
// from the contract, so a change to a response shape fails its typecheck instead of its users.
// Run `npm run generate` after changing a document; test/dashboard-types.test.ts fails while the
// committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { parse } from 'yaml';

const read = (name) =>
  parse(readFileSync(fileURLToPath(new URL(`../openapi/${name}`, import.meta.url)), 'utf8'));
const OUTPUT = fileURLToPath(new URL('../dashboard/src/api.generated.ts', import.meta.url));

const BANNER = `/*
 * Generated from the schemas of openapi/v1.yaml, sandbox.yaml and asyncapi.yaml by
 * scripts/generate-dashboard-types.mjs: do not edit. Change a document, then \`npm run generate\`.
 */`;

/**
 * The three documents' schemas in one OpenAPI document. A name defined twice (ErrorReason: the
 * control plane's reasons include the /v1 ones) takes the later document's, as the served
 * /__sandbox/openapi.json does.
 */
function mergedSchemas() {
  const schemas = {};
  for (const name of ['v1.yaml', 'sandbox.yaml', 'asyncapi.yaml'])
    Object.assign(schemas, read(name).components.schemas);
  const info = { title: 'the dashboard', version: '1' };
  return { openapi: '3.1.0', info, paths: {}, components: { schemas } };
}

/** The generated file's text. */
export async function generateDashboardTypes() {
  // arrayLength: [lat, lng] pairs (minItems = maxItems = 2) become tuples.
  const ast = await openapiTS(mergedSchemas(), { silent: true, arrayLength: true });
  const text = `${BANNER}\n\n${astToString(ast)}`;
  return prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await generateDashboardTypes());
  process.stdout.write(`wrote ${OUTPUT}\n`);
}
