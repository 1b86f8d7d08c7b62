/**
 * Reads environment variables for loadConfig, remembering every problem
 * instead of stopping at the first, so an operator sees every mistake of one
 * start in a single run. A problem names the variable; only values that are
 * neither secret nor personal are echoed.
 */
export type Env = Record<string, string | undefined>;

export class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  /** The trimmed value; empty or blank counts as unset. */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return n;
  }

  /** A whole number, or undefined when unset (a feature that is off unless configured). */
  optionalInt(name: string, min: number, max: number): number | undefined {
    return this.raw(name) === undefined ? undefined : this.int(name, min, min, max);
  }

  /** A plain decimal number (digits, optionally a point and more digits), within [min, max]. */
  decimal(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, such as 20 or 0.5 (got "${value}")`);
      return fallback;
    }
    return n;
  }

  url(name: string, fallback: string, protocols: string[] = ['http:', 'https:']): string {
    const value = this.raw(name) ?? fallback;
    const url = parsedUrl(value);
    if (url && protocols.includes(url.protocol)) return value;
    this.problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${value}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  flag(name: string): boolean {
    return this.oneOf(name, 'false', ['true', 'false']) === 'true';
  }

  /**
   * A provider's API origin put in place of its own (a local stand-in, an egress proxy): https:, or
   * http: to this machine only, since anything else would carry the provider's credentials in
   * clear. The value is never echoed: it may hold credentials too.
   */
  providerUrl(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const url = parsedUrl(value);
    if (url && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) return value;
    this.problems.push(
      `${name} must be an https: URL, or http: to this machine (localhost, 127.0.0.1, ::1); its value is not shown`,
    );
    return undefined;
  }

  /** A group of variables that must be set together or not at all. Values are secrets: never echoed. */
  group(label: string, names: string[]): Record<string, string> | null {
    const present = names.filter((n) => this.raw(n) !== undefined);
    if (present.length === 0) return null;
    const missing = names.filter((n) => this.raw(n) === undefined);
    if (missing.length > 0) {
      this.problems.push(`${label} need ${names.join(', ')}: set all of them or none (missing ${missing.join(', ')})`);
      return null;
    }
    return Object.fromEntries(names.map((n) => [n, this.raw(n) as string]));
  }
}

/** True for localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
/** The URL a value spells, or undefined when it spells none. */
export function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
