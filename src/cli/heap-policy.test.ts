import { describe, expect, it } from 'vitest';
import { applyHeapPolicy } from './heap-policy.js';

describe('applyHeapPolicy', () => {
  it.each([
    ['execArgv', ['--heap-growing-percent=20'], undefined],
    ['execArgv, underscores', ['--heap_growing_percent=20'], undefined],
    ['NODE_OPTIONS', [], '--max-semi-space-size=8 --heap-growing-percent=80'],
  ])('leaves a value the user gave in %s alone', (_where, execArgv, nodeOptions) => {
    expect(applyHeapPolicy(execArgv, nodeOptions)).toBe(false);
  });

  it.each([
    ['nothing given', [], undefined],
    ['other flags only', ['--enable-source-maps'], '--max-old-space-size=2048'],
    ['a flag that only starts alike', ['--heap-growing-percentage=5'], ''],
  ])('applies its own value when %s', (_what, execArgv, nodeOptions) => {
    expect(applyHeapPolicy(execArgv, nodeOptions)).toBe(true);
  });
});
