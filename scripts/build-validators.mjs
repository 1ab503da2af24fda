// Build step, after tsc and build-assets: the request validators of each OpenAPI document as code,
// dist/validators/<name>.cjs, so that a built start does not generate them with ajv (most of a first
// request's time otherwise: decision 19). The schemas and the ajv options are src/'s own
// (src/http/request-validators.ts, compiled by tsc into dist/): ajv's standalone code of the same
// schemas is the code ajv would compile at run time, with the same coercion, defaults and formats.
// Each document's file carries `body` and `query`, by operationId; esbuild inlines the ajv helpers
// and the formats they require, so the file needs no node_modules (the Docker image has none).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { loadOpenApiDocument, operationsOf } from '../dist/http/openapi-document.js';
import {
  bodySchema,
  componentsSchema,
  newAjv,
  queryParams,
  querySchema,
} from '../dist/http/request-validators.js';

const OUT = 'dist/validators';
const WORK = `${OUT}/.generated`; // inside the package, so that the helpers' require() resolve
rmSync(OUT, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });

/** ajv's standalone module of the given schemas, each exported under its operationId. */
function moduleOf(coerce, schemas, doc, name) {
  const ajv = newAjv(coerce, { code: { source: true } }).addSchema(componentsSchema(doc, name));
  const exports = {};
  for (const [operationId, schema] of schemas) {
    const key = `operation:${operationId}`;
    ajv.addSchema(schema, key);
    exports[operationId] = key;
  }
  return standaloneCode.default(ajv, exports);
}

for (const name of ['v1', 'sandbox']) {
  const doc = loadOpenApiDocument(name);
  const ids = [...operationsOf(doc).keys()];
  const bodies = ids.flatMap((id) => {
    const schema = bodySchema(doc, name, id);
    return schema ? [[id, schema]] : [];
  });
  const queries = ids.map((id) => [id, querySchema(queryParams(doc, id), name)]);
  writeFileSync(`${WORK}/${name}-body.cjs`, moduleOf(false, bodies, doc, name));
  writeFileSync(`${WORK}/${name}-query.cjs`, moduleOf(true, queries, doc, name));
  writeFileSync(
    `${WORK}/${name}.cjs`,
    `module.exports = { body: require('./${name}-body.cjs'), query: require('./${name}-query.cjs') };\n`,
  );
  await build({
    entryPoints: [`${WORK}/${name}.cjs`],
    outfile: `${OUT}/${name}.cjs`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    logLevel: 'warning',
    minify: true, // generated code, not read: half the size
  });
}
rmSync(WORK, { recursive: true, force: true });
