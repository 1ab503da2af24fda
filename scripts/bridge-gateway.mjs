// The address `host-gateway` names, from the default bridge's IPAM config (`docker network inspect
// bridge -f '{{json .IPAM.Config}}'`, given as the one argument): its Gateway, or when the config
// has none, its IPv4 subnet's first address. Docker 20.10 (Debian 12's docker.io) leaves the Gateway
// out when it chose the bridge's subnet itself (an engine's first start on a machine), and the
// bridge then holds that first address. Prints it; exits 1 when the config names neither.
// (src/testcontainers/bridge-gateway.ts states the same rule for the Testcontainers module.)
import console from 'node:console';
import process from 'node:process';

const configs = JSON.parse(process.argv[2] || 'null') ?? [];
const first = (subnet) => {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(subnet ?? '');
  if (!m || Number(m[5]) > 30) return undefined;
  const base = m.slice(1, 5).reduce((n, part) => n * 256 + Number(part), 0);
  const address = base - (base % 2 ** (32 - Number(m[5]))) + 1;
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
};
const gateway = configs.map((c) => c.Gateway || first(c.Subnet)).find(Boolean);
if (gateway) console.log(gateway);
else process.exitCode = 1;
