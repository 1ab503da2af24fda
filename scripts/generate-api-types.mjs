// Generates src/domain/api-types.generated.ts from openapi/v1.yaml with openapi-typescript, so that
// the contract is the one source of the /v1 types users import (Order, Payment, the webhook
// bodies, …; named in src/domain/api-types.ts). Run `npm run generate` after changing the
// document; a test fails while the committed file is stale (src/domain/api-types.test.ts).
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';

const DOCUMENT = new URL('../openapi/v1.yaml', import.meta.url);
const OUTPUT = fileURLToPath(new URL('../src/domain/api-types.generated.ts', import.meta.url));

const BANNER = `/*
 * Generated from openapi/v1.yaml by scripts/generate-api-types.mjs: do not edit.
 * Change the document, then regenerate with \`npm run generate\`.
 */`;

/** The generated file's text. */
export async function generateApiTypes() {
  const ast = await openapiTS(DOCUMENT, { silent: true });
  const text = `${BANNER}\n\n${astToString(ast)}`;
  return prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await generateApiTypes());
  process.stdout.write(`wrote ${OUTPUT}\n`);
}
