/** One entry of a Docker network's `IPAM.Config`. */
export interface IpamConfig {
  Subnet?: string;
  Gateway?: string;
}

/**
 * The gateway addresses of a network's IPAM config: each entry's Gateway, or when it has none, its
 * IPv4 subnet's first address. Docker 20.10 (Debian 12's docker.io) leaves the Gateway out of the
 * default bridge's config when it chose the bridge's subnet itself (an engine's first start on a
 * machine); the bridge then holds that first address. scripts/bridge-gateway.mjs states the same
 * rule for the image's CI check.
 */
export function bridgeGateways(configs: readonly IpamConfig[] | null | undefined): string[] {
  return (configs ?? []).flatMap((c) => {
    const gateway = c.Gateway || firstAddress(c.Subnet);
    return gateway ? [gateway] : [];
  });
}

function firstAddress(subnet: string | undefined): string | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(subnet ?? '');
  if (!m || Number(m[5]) > 30) return undefined;
  const base = m.slice(1, 5).reduce((n, part) => n * 256 + Number(part), 0);
  const address = base - (base % 2 ** (32 - Number(m[5]))) + 1;
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}
