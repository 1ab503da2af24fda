import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import {
  parseClockMode,
  parseMaxSandboxes,
  parseSandboxMaxOrders,
  parseNodeName,
  parseSpeed,
  parseWebhookSecret,
  parseWebhookUrls,
} from '../cli/options.js';
import { resolveConfig, type SandboxOptions } from './config.js';

/** One bad value, as startSandbox() takes it and as the CLI's flag does. */
const BAD: [string, SandboxOptions, () => unknown, RegExp][] = [
  [
    'clock',
    { clock: 'manuel' as 'manual' },
    () => parseClockMode('manuel'),
    /expected one of "realtime", "manual"; got "manuel"; did you mean "manual"\?/,
  ],
  [
    'speed',
    { speed: -5 },
    () => parseSpeed('-5'),
    /expected a number above 0 and at most 10000; got -5/,
  ],
  ['speed', { speed: 20000 }, () => parseSpeed('20000'), /at most 10000; got 20000/],
  [
    'webhooks[0].url',
    { webhooks: [{ url: 'not a url' }] },
    () => parseWebhookUrls('not a url'),
    /expected an http\(s\) URL such as http:\/\/localhost:3000\/webhooks; got "not a url"/,
  ],
  [
    'webhooks[0].secret',
    { webhooks: [{ url: 'http://localhost:3000/hooks', secret: 'secret' }] },
    () => parseWebhookSecret('secret'),
    /expected whsec_ followed by 8 to 100 letters, digits or underscores, such as whsec_my_test_secret; got "secret"/,
  ],
  [
    'maxSandboxes',
    { maxSandboxes: 1.5 },
    () => parseMaxSandboxes('1.5'),
    /expected a whole number (of sandboxes )?from 0 to 100000/,
  ],
  [
    'maxSandboxes',
    { maxSandboxes: 100_001 },
    () => parseMaxSandboxes('100001'),
    /expected a whole number (of sandboxes )?from 0 to 100000/,
  ],
  [
    'sandboxMaxOrders',
    { sandboxMaxOrders: 0 },
    () => parseSandboxMaxOrders('0'),
    /expected a whole number (of orders )?from 1 to 10000000/,
  ],
  [
    'sandboxMaxOrders',
    { sandboxMaxOrders: 2.5 },
    () => parseSandboxMaxOrders('2.5'),
    /expected a whole number (of orders )?from 1 to 10000000/,
  ],
];

describe('resolveConfig, the options a scenario file sets too', () => {
  it.each(BAD)(
    'refuses a bad %s as the CLI does, naming the option, the value and the fix',
    (name, options, flag, problem) => {
      expect(() => resolveConfig(options)).toThrow(`startSandbox option ${name}: `);
      expect(() => resolveConfig(options)).toThrow(problem);
      expect(flag).toThrow(problem);
    },
  );

  it('names an unknown event, with the closest one', () => {
    expect(() =>
      resolveConfig({
        webhooks: [{ url: 'http://localhost:3000/hooks', events: ['order.deliverd'] }],
      }),
    ).toThrow(
      /webhooks\[0\]\.events\[0\]: expected one of .*got "order\.deliverd"; did you mean "order\.delivered"\?/,
    );
  });

  it('lists every bad option in one error', () => {
    expect(() =>
      resolveConfig({ clock: 'fast' as 'manual', speed: 0, webhooks: [{ url: 'ftp://x' }] }),
    ).toThrow(
      /^startSandbox options:\n {2}clock: .*\n {2}speed: .*\n {2}webhooks\[0\]\.url: .*got "ftp:\/\/x"$/,
    );
  });

  it('quotes a refused webhook URL without its user name and password', () => {
    const options = { webhooks: [{ url: 'ftp://alice:s3cret@example.com/hook' }] };
    for (const refuse of [
      () => resolveConfig(options),
      () => parseWebhookUrls(options.webhooks[0]!.url),
    ]) {
      expect(refuse).toThrow('got "ftp://****@example.com/hook"');
      expect(refuse).not.toThrow(/s3cret/);
    }
  });

  it('accepts what a scenario file accepts', () => {
    const config = resolveConfig({
      clock: 'manual',
      speed: 0.5,
      webhooks: [{ url: 'https://example.test/hooks', secret: 'whsec_abcdefgh', events: ['*'] }],
    });
    expect(config).toMatchObject({ clock: 'manual', speed: 0.5 });
    expect([parseClockMode('realtime'), parseSpeed('10000')]).toEqual(['realtime', 10000]);
  });

  it('refuses a trace that is not a file path, naming the option and the fix', () => {
    for (const trace of [true, '', 1] as unknown as string[])
      expect(() => resolveConfig({ trace })).toThrow(
        /startSandbox option trace: expected the path of the file to record the trace into/,
      );
    expect(resolveConfig({ trace: 'run.jsonl.gz' }).trace).toEqual({ file: 'run.jsonl.gz' });
  });

  it('holds 200 named sandboxes by default, and takes 0 to 100000', () => {
    expect(resolveConfig().maxSandboxes).toBe(200);
    expect(resolveConfig({ maxSandboxes: 0 }).maxSandboxes).toBe(0);
    expect([parseMaxSandboxes('0'), parseMaxSandboxes('100000')]).toEqual([0, 100000]);
  });

  it('takes a node name shaped like a host name, as --node-name does, and defaults to the host name', () => {
    expect(resolveConfig({ nodeName: 'sandbox-0.eu_1' }).nodeName).toBe('sandbox-0.eu_1');
    expect(resolveConfig({}).nodeName).toBe(hostname());
    for (const bad of ['', 'a b', '-x', 'x'.repeat(254), 'n\n1']) {
      expect(() => resolveConfig({ nodeName: bad })).toThrow(
        `nodeName must be 1 to 253 letters, digits, dots, hyphens or underscores, starting with a letter or digit; got ${JSON.stringify(bad)}`,
      );
      expect(() => parseNodeName(bad)).toThrow(/expected 1 to 253 letters/);
    }
  });
});
