/**
 * What is kept instead of a visitor's IP address: an HMAC of the address's network (IPv4 /24, IPv6 /48) under a
 * key that is never in the database: IP_HASH_SALT when set (values stay comparable across restarts), else a random
 * key held in memory only and replaced every UTC day (values group one day's submissions of one network).
 *
 * Anyone holding the database or a backup cannot reverse it: without the key, trying every address gives nothing
 * to compare against. It spots one network sending many leads; it cannot identify a person.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { DAY_MS } from '../lib/time';

/** The network an address belongs to: IPv4 /24, IPv6 /48 (IPv4-mapped IPv6 counts as IPv4). */
export function networkOf(ip: string): string | undefined {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  if (family === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return undefined;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 3)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/48`;
}

export type IpHasher = (ip: string | undefined) => string | null;

export function createIpHasher(configuredKey: string | undefined, now: () => number = Date.now): IpHasher {
  let day = -1;
  let key = '';
  const keyFor = (ms: number): string => {
    if (configuredKey !== undefined) return configuredKey;
    const today = Math.floor(ms / DAY_MS);
    if (today !== day) {
      day = today;
      key = randomBytes(32).toString('hex');
    }
    return key;
  };
  return (ip) => {
    const network = ip === undefined ? undefined : networkOf(ip);
    if (network === undefined) return null;
    return createHmac('sha256', keyFor(now())).update(network).digest('hex').slice(0, 32);
  };
}
