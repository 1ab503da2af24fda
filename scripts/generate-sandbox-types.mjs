// Generates src/domain/sandbox-types.generated.ts from openapi/sandbox.yaml with openapi-typescript,
// so that the control-plane contract is the one source of the records the sandbox keeps and
// answers with (the delivery log, probe results, the exported state, the report; named in
// src/domain/sandbox-types.ts). The document names the /v1 schemas (Order, OrderEvent, …) without
// defining them: they are merged into it first, as the served /__sandbox/openapi.json does
// (src/http/openapi-document.ts). Run `npm run generate` after changing either document; a test
// fails while the committed file is stale (src/domain/sandbox-types.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { parse } from 'yaml';

const read = (name) =>
  parse(readFileSync(fileURLToPath(new URL(`../openapi/${name}`, import.meta.url)), 'utf8'));
const OUTPUT = fileURLToPath(new URL('../src/domain/sandbox-types.generated.ts', import.meta.url));

const BANNER = `/*
 * Generated from openapi/sandbox.yaml (with the /v1 schemas of openapi/v1.yaml merged in) by
 * scripts/generate-sandbox-types.mjs: do not edit. Change a document, then \`npm run generate\`.
 */`;

/** The control-plane document, completed with the /v1 schemas it names (its own win, as served). */
function mergedDocument() {
  const doc = read('sandbox.yaml');
  doc.components.schemas = { ...read('v1.yaml').components.schemas, ...doc.components.schemas };
  return doc;
}

/** The generated file's text. */
export async function generateSandboxTypes() {
  const ast = await openapiTS(mergedDocument(), { silent: true });
  const text = `${BANNER}\n\n${astToString(ast)}`;
  return prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await generateSandboxTypes());
  process.stdout.write(`wrote ${OUTPUT}\n`);
}
