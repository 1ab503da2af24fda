// Generates src/domain/scenario-file.generated.ts from scenarios/schema.json, so that the schema
// is the one source of the scenario format: the editor's $schema, validation, defaults and the
// TypeScript types. Run `npm run generate` after changing the schema; a test fails while the
// committed file is stale (src/domain/scenario-file.test.ts).
// - ScenarioFile: a scenario file as written.
// - ScenarioFileWithDefaults: the same file once validated, when ajv (useDefaults) has filled in
//   every `default` of the schema: each property that has a default is required.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import prettier from 'prettier';

const SCHEMA = fileURLToPath(new URL('../scenarios/schema.json', import.meta.url));
const OUTPUT = fileURLToPath(new URL('../src/domain/scenario-file.generated.ts', import.meta.url));

// Not linted: the oneOf of a script step's `order` comes out as `Ref | string | OrderBody`.
const BANNER = `/* eslint-disable */
/*
 * Generated from scenarios/schema.json by scripts/generate-types.mjs: do not edit.
 * Change the schema, then regenerate with \`npm run generate\`.
 */`;

const OPTIONS = {
  bannerComment: '',
  format: false, // formatted below, with the project's Prettier settings
  ignoreMinAndMaxItems: true, // plain arrays, not tuples for minItems
};

/** A copy of a schema node in which every property with a `default` is also `required`. */
function defaultsRequired(node) {
  const out = { ...node };
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, sub]) => [key, defaultsRequired(sub)]),
    );
    const defaulted = Object.keys(node.properties).filter(
      (key) => node.properties[key].default !== undefined,
    );
    out.required = [...new Set([...(node.required ?? []), ...defaulted])];
  }
  if (node.items && !Array.isArray(node.items)) out.items = defaultsRequired(node.items);
  return out;
}

/** The generated file's text. */
export async function generateTypes() {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  // Without its title and $id, the root type takes the name given to compile().
  delete schema.title;
  delete schema.$id;
  const asWritten = await compile(schema, 'ScenarioFile', OPTIONS);
  const withDefaults = await compile(
    {
      ...defaultsRequired(schema),
      description:
        'A scenario file once validated: every property the schema gives a default is present.',
    },
    'ScenarioFileWithDefaults',
    // The $defs (LatLng, OrderBody, …) are declared once, by the first type.
    { ...OPTIONS, declareExternallyReferenced: false },
  );
  const text = `${BANNER}\n\n${asWritten}\n${withDefaults}`;
  return prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await generateTypes());
  process.stdout.write(`wrote ${OUTPUT}\n`);
}
