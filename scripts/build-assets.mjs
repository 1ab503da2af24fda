// Build step, after tsc: the YAML sources as JSON beside the compiled code, so that the built
// sandbox starts without parsing YAML or compiling a JSON Schema validator.
// - openapi/*.yaml  -> dist/openapi/*.json
// - scenarios/*.yaml -> dist/bundled-scenarios/*.json, each validated here (the build fails on a
//   bad one) and written with its defaults filled in: loadScenario reads it without validating
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadScenarioFile, bundledScenarioNames } from '../dist/scenarios/load-scenario.js';

mkdirSync('dist/openapi', { recursive: true });
for (const file of readdirSync('openapi').filter((f) => f.endsWith('.yaml'))) {
  const doc = parse(readFileSync(`openapi/${file}`, 'utf8'));
  writeFileSync(`dist/openapi/${file.replace(/\.yaml$/, '.json')}`, JSON.stringify(doc));
}

mkdirSync('dist/bundled-scenarios', { recursive: true });
for (const name of bundledScenarioNames()) {
  const source = readdirSync('scenarios').find(
    (f) => f.startsWith(`${name}.`) && f !== 'schema.json',
  );
  const data = await loadScenarioFile(`scenarios/${source}`); // a one-line ScenarioError if it is broken
  writeFileSync(`dist/bundled-scenarios/${name}.json`, JSON.stringify(data));
}
