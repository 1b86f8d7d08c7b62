/**
 * Which addresses the webhook may connect to. WEBHOOK_URL names an endpoint on the internet; a URL (or a DNS
 * answer) that points at this machine, the local network or a cloud's metadata service would let whoever sets or
 * controls that name reach what only this server can. The check runs on the address the socket is about to connect
 * to: in the lookup the connection itself uses, so a name that answers differently on a second lookup (DNS
 * rebinding) gains nothing.
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba Cloud's metadata service is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; AWS, GCP and Azure metadata is 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator, private or not
  ['fc00::', 7], // unique-local; AWS's IPv6 metadata service is fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an address on this machine, a private or link-local network, a metadata service, or one no endpoint has. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true; // not an address at all: nothing to connect to
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
  constructor(address: string) {
    super(
      `refused to connect to ${address}: an address on this machine, a private network or a metadata service ` +
        '(set WEBHOOK_ALLOW_PRIVATE=true for an endpoint there); no request was sent',
    );
    this.name = 'RefusedAddressError';
  }
}

/** Throws RefusedAddressError when the URL's host is itself a private address (a literal skips the lookup). */
export function refuseLiteralPrivate(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw new RefusedAddressError(host);
}

/** A lookup for http.request that fails, before any connection, when any of the name's addresses is private. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, answers) => {
    if (err) return callback(err, '', 0);
    const list = answers as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    // Node 20's connect asks for every address (autoSelectFamily); older callers for one.
    if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, list);
    else callback(null, first.address, first.family);
  });
};
