import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bridgeGateways } from './bridge-gateway.js';

const CASES: [string, { Subnet?: string; Gateway?: string }[] | null, string[]][] = [
  [
    'the Gateway, as a bridge with one names it',
    [{ Subnet: '172.17.0.0/16', Gateway: '172.17.0.1' }],
    ['172.17.0.1'],
  ],
  // Docker 20.10's default bridge on an engine's first start: a Subnet and no Gateway.
  ["the subnet's first address, without a Gateway", [{ Subnet: '172.17.0.0/16' }], ['172.17.0.1']],
  ['from a subnet given by an address inside it', [{ Subnet: '10.1.2.200/25' }], ['10.1.2.129']],
  [
    'a Gateway that is not the first address, kept',
    [{ Subnet: '192.168.5.0/24', Gateway: '192.168.5.254' }],
    ['192.168.5.254'],
  ],
  ['nothing for an IPv6 subnet without a Gateway', [{ Subnet: 'fd00::/64' }], []],
  ['nothing for a /31 or /32', [{ Subnet: '10.0.0.0/31' }, { Subnet: '10.0.0.7/32' }], []],
  ['nothing for no config', null, []],
];

describe('bridgeGateways (the address host-gateway names)', () => {
  it.each(CASES)('%s', (_, configs, expected) => {
    expect(bridgeGateways(configs)).toEqual(expected);
  });

  it('agrees with scripts/bridge-gateway.mjs, which the image check uses', () => {
    for (const [, configs, expected] of CASES) {
      let printed: string[];
      try {
        printed = [
          execFileSync(process.execPath, ['scripts/bridge-gateway.mjs', JSON.stringify(configs)], {
            encoding: 'utf8',
          }).trim(),
        ];
      } catch {
        printed = [];
      }
      expect(printed, JSON.stringify(configs)).toEqual(expected.slice(0, 1));
    }
  });
});
