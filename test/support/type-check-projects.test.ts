import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedDeclarations, typeCheckProjects } from './type-check-projects.js';

/**
 * The checker test/packaging.test.ts runs its four module settings through: a declaration broken
 * under one setting only fails that setting, whichever project parsed the shared file first.
 */
let root: string;
const files = {
  // a CommonJS declaration that re-exports an ES module: TS1479 under node16, fine under node10
  'types/package.json': '{ "type": "commonjs" }',
  'types/index.d.ts': "export { esmOnly } from './esm/only.js';\n",
  'types/esm/package.json': '{ "type": "module" }',
  'types/esm/only.d.ts': 'export declare const esmOnly: number;\n',
};
const project = (module: string, moduleResolution: string) => ({
  'package.json': '{ "type": "commonjs" }',
  'user.ts': "import { esmOnly } from '../types/index.js';\nexport const n: number = esmOnly;\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      incremental: true,
      tsBuildInfoFile: 'tsbuildinfo',
      target: 'es2023',
      lib: ['es2023'],
      types: [],
      module,
      moduleResolution,
      skipLibCheck: false,
      skipDefaultLibCheck: true, // TypeScript's own lib files: not what this test is about
    },
    files: ['user.ts'],
  }),
});

// An installed package whose declarations pull in a dependency's that break under node10 without
// esModuleInterop (TS1259, as pino's types do): the error is the dependency's file's, not the
// package's, and a user with `skipLibCheck: false` gets it all the same.
const installed = {
  'deps/node_modules/pkg/index.d.ts': "export { s } from 'dep';\n",
  'deps/node_modules/dep/index.d.ts':
    "import cjs from 'cjs';\nexport declare const s: typeof cjs;\n",
  'deps/node_modules/cjs/index.d.ts': 'declare const n: number;\nexport = n;\n',
  'deps/node_modules/@types/node/index.d.ts': 'declare const broken: number = 1;\n',
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'type-check-projects-'));
  const tree = {
    ...files,
    ...installed,
    ...prefixed('node16', project('node16', 'node16')),
    ...prefixed('node10', project('commonjs', 'node10')),
    ...prefixed('deps', withNodeTypes(project('commonjs', 'node10'))),
  };
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `tree`'s project importing the installed package, with the @types/node beside it. */
function withNodeTypes(tree: Record<string, string>): Record<string, string> {
  const tsconfig = JSON.parse(tree['tsconfig.json']!) as { compilerOptions: object };
  tsconfig.compilerOptions = { ...tsconfig.compilerOptions, types: ['node'] };
  return {
    ...tree,
    'tsconfig.json': JSON.stringify(tsconfig),
    'user.ts': "import { s } from 'pkg';\nexport const n: number = s;\n",
  };
}

function prefixed(dir: string, tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).map(([path, text]) => [`${dir}/${path}`, text]));
}

const config = (dir: string): string => join(root, dir, 'tsconfig.json');

describe('typeCheckProjects', () => {
  it.for([
    { order: ['node16', 'node10'] },
    { order: ['node10', 'node16'] },
    { order: ['node16', 'node10'] }, // again: from the incremental state the first runs left
  ])('fails only the setting a shared declaration breaks: $order', ({ order }) => {
    const errors = typeCheckProjects(order.map(config));
    expect(errors[order.indexOf('node16')]).toMatch(/types\/index\.d\.ts\(1,\d+\): error TS1479/);
    expect(errors[order.indexOf('node10')]).toBe('');
  });

  it("reports the errors of a dependency's declarations the package's pull in, not @types/node's", () => {
    const [errors] = typeCheckProjects([config('deps')], checkedDeclarations);
    expect(errors).toMatch(/node_modules\/dep\/index\.d\.ts\(1,8\): error TS1259/);
    expect(errors).not.toContain('@types/node');
  });

  it('reports a project whose own file does not compile', () => {
    writeFileSync(join(root, 'node10/user.ts'), "export const n: number = 'one';\n");
    expect(typeCheckProjects([config('node10')])[0]).toMatch(/user\.ts\(1,14\): error TS2322/);
  });
});
