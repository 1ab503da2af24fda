// Build step, after tsc: the YAML sources as JSON beside the compiled code, so that the built
// sandbox starts without parsing YAML or compiling a JSON Schema validator.
// - openapi/*.yaml  -> dist/openapi/*.json
// - scenarios/*.yaml -> dist/bundled-scenarios/*.json, each validated here (the build fails on a
//   bad one) and written with its defaults filled in: loadScenario reads it without validating
// - each bundled scenario's generated drivers -> dist/seeded-worlds/<digest of what they are built
//   from>.json, by the sandbox's own seeding code: a start in a bundled scenario with its own seed
//   reads them instead of loading faker and generating (src/scenarios/prebuilt-worlds.ts)
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  loadBundledScenario,
  loadScenarioFile,
  bundledScenarioNames,
} from '../dist/scenarios/load-scenario.js';
import { prebuiltWorldFile } from '../dist/scenarios/prebuilt-worlds.js';
import { driversKey, seedState } from '../dist/scenarios/seed-state.js';

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

rmSync('dist/seeded-worlds', { recursive: true, force: true });
mkdirSync('dist/seeded-worlds', { recursive: true });
for (const name of bundledScenarioNames()) {
  const scenario = loadBundledScenario(name);
  const key = driversKey(scenario);
  if (key === undefined) continue; // too many drivers to keep: generated in slices at run time
  const { counters, drivers } = await seedState(scenario);
  writeFileSync(
    `dist/seeded-worlds/${prebuiltWorldFile(key)}`,
    JSON.stringify({ key, counters, drivers }),
  );
}
