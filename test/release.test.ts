import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * Publishing is a version tag away (docs/development.md, "Releasing"): the release workflow
 * publishes the npm package with provenance and a multi-arch image to GHCR, under the names the
 * README and the docs use.
 */

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  permissions?: Record<string, string>;
  steps: Step[];
}

const workflow = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as {
  on: { push: { tags: string[] } };
  jobs: Record<string, Job>;
};
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
  repository: { url: string };
  scripts: Record<string, string>;
};
const IMAGE = 'ghcr.io/delivery-sandbox/delivery-sandbox';
const jobs = Object.values(workflow.jobs);
const steps = jobs.flatMap((job) => job.steps.map((step) => ({ job, step })));

describe('the release workflow', () => {
  it('runs on a version tag only', () => {
    const [pattern] = workflow.on.push.tags;
    expect(Object.keys(workflow.on)).toEqual(['push']);
    const matches = (tag: string): boolean =>
      // GitHub's filter pattern: `.` is literal, `[0-9]+` as in a regular expression.
      new RegExp(`^${pattern!.replaceAll('.', '\\.')}$`).test(tag);
    expect(matches(`v${pkg.version}`)).toBe(true);
    expect(matches('main')).toBe(false);
  });

  it('publishes the npm package with provenance, built by prepack, after checking the tag is its version', () => {
    const publish = steps.find(({ step }) => step.run?.startsWith('npm publish'));
    expect(publish?.step.run).toContain('--provenance');
    expect(publish?.job.permissions?.['id-token']).toBe('write');
    expect(publish?.step.env?.NODE_AUTH_TOKEN).toMatch(/secrets\./);
    expect(pkg.scripts.prepack).toBe('npm run build');
    // Provenance needs the repository the workflow runs in.
    expect(pkg.repository.url).toBe(`git+https://github.com/${IMAGE.slice('ghcr.io/'.length)}.git`);
    const job = publish!.job.steps;
    const check = job.findIndex((s) => s.run?.includes('$GITHUB_REF_NAME'));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(job.indexOf(publish!.step));
  });

  it('pushes a multi-arch image to GHCR under the name the README and the docs use', () => {
    const push = steps.find(({ step }) => step.uses?.startsWith('docker/build-push-action@'));
    expect(push?.step.with).toMatchObject({ push: true, context: '.' });
    expect(String(push?.step.with?.platforms).split(',')).toEqual(['linux/amd64', 'linux/arm64']);
    expect(push?.job.permissions?.packages).toBe('write');
    const names = steps.filter(({ step }) => step.uses?.startsWith('docker/metadata-action@'));
    expect(names.map(({ step }) => step.with?.images)).toEqual([IMAGE]);
    const login = steps.find(({ step }) => step.uses?.startsWith('docker/login-action@'));
    expect(login?.step.with?.registry).toBe('ghcr.io');
    expect(steps.some(({ step }) => step.uses?.startsWith('docker/setup-qemu-action@'))).toBe(true);

    const docs = [
      'README.md',
      ...readdirSync('docs')
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const used = docs.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/ghcr\.io\/[\w.-]+\/[\w.-]+/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(used.length).toBeGreaterThanOrEqual(4);
    for (const use of used) expect(use).toMatch(new RegExp(`: ${IMAGE}$`));
  });
});
