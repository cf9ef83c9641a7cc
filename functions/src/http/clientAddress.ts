// The client's address on Firebase (Cloud Functions 2nd gen behind Google's front end), for the rate limiters'
// keys: the one rule, used as Express's `trust proxy` in the Cloud Function (index.ts), so req.ip — and with it
// every limiter keyed by address (http/rateLimits.ts, the live streams' owners) — is the address Google's front end
// saw, whatever a caller writes in X-Forwarded-For (issue 36, point 9).
//
// What Google's front end does (sources):
// - Google Cloud Load Balancing, "X-Forwarded-For header" (cloud.google.com/load-balancing/docs/https): it APPENDS
//   two addresses, `<client-ip>,<load-balancer-ip>`, and keeps a value the request already had before them:
//   `X-Forwarded-For: <supplied-value>,<client-ip>,<load-balancer-ip>`. The function URLs (cloudfunctions.net,
//   run.app) are served by the same front end; Cloud Functions' "Request headers" reference lists X-Forwarded-For
//   as `clientIp, proxy1Ip, proxy2Ip`. Observed on a deployed function: `77.234.44.175,66.102.8.142` with the socket
//   at 169.254.8.129 (jetersen/express-ipfilter#57), the second from the right being the caller. Google's ESPv2 and
//   the App Engine flexible sidecar read the client at the same place ("2nd from the end").
// - So the last entry is the front end's own, the one before it the address that connected to it (the PEER): a
//   caller can prepend anything, never change those two. A direct call to the function's URL:
//   `<anything>, <caller>, <front end>` -> the caller.
// - Through Firebase Hosting, Hosting's CDN connects to the function's URL on the visitor's behalf, after appending
//   the visitor it saw (as every proxy does; its Fastly-era headers, fastly-client-ip and fastly-temp-xff, carry the
//   same address): `<anything>, <visitor>, <Hosting edge>, <front end>`. The peer is then Hosting's edge, shared by
//   many visitors; the visitor is one entry further left, and believable ONLY when the peer is a Hosting edge — a
//   caller of the function's URL can write that exact shape with any "visitor" (and any fastly-* header) it likes.
//   Google does not publish Hosting's edge addresses, so they are configuration (HOSTING_EDGE_RANGES, CIDRs): without
//   them every visitor arriving through one edge shares that edge's limits (too strict, never forgeable); with them
//   each visitor has their own.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Express's `trust proxy` as a function: trust hop `i` (0 = the socket, 1 = the last X-Forwarded-For entry, ...). */
export type TrustHop = (address: string, hop: number) => boolean;

/** A BlockList of CIDRs or single addresses ("151.101.0.0/16, 2a04:4e42::/32"); refuses what it cannot read. */
export function addressRanges(text: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const type = isIPv4(address ?? '') ? 'ipv4' : isIPv6(address ?? '') ? 'ipv6' : null;
    const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
    if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128))
      throw new Error(`HOSTING_EDGE_RANGES: "${entry}" is not an address or a CIDR range`);
    list.addSubnet(address!, prefix, type);
  }
  return list;
}

/** "::ffff:1.2.3.4" (how Node shows an IPv4 socket on a dual-stack listener) as 1.2.3.4. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function within(list: BlockList, address: string): boolean {
  const a = plain(address.trim());
  if (isIPv4(a)) return list.check(a, 'ipv4');
  if (isIPv6(a)) return list.check(a, 'ipv6');
  return false;
}

/**
 * The rule above as Express's `trust proxy`: the socket (Google's front end's connection) and the last entry (its
 * own address) are trusted; the peer only when it is a Hosting edge; nothing further left. Express then answers
 * req.ip = the peer (a direct call), or the visitor Hosting's edge appended (through Hosting).
 */
export function googleFrontEndTrust(hostingEdges: BlockList = new BlockList()): TrustHop {
  return (address, hop) => hop < 2 || (hop === 2 && within(hostingEdges, address));
}

/**
 * The Cloud Function's `trust proxy`: TRUST_PROXY when set (another proxy of yours in front, config.ts), else the
 * rule above with HOSTING_EDGE_RANGES.
 */
export function firebaseTrustProxy(
  env: NodeJS.ProcessEnv,
  configured: boolean | number | string,
): boolean | number | string | TrustHop {
  if (env.TRUST_PROXY) return configured;
  return googleFrontEndTrust(addressRanges(env.HOSTING_EDGE_RANGES));
}
