/**
 * The MDN HTTP Observatory's grade, computed offline from one response, so a
 * test can prove A+ without sending anything to the Internet.
 *
 * Rules as published by the Observatory (mdn/mdn-http-observatory,
 * src/grader/charts.js SCORE_TABLE and src/scanner/index.js; result names are
 * the Observatory's own): every site starts at 100; each of ten tests adds its
 * modifier; bonuses (positive modifiers) count only when the score with the
 * penalties alone is at least 90 (MINIMUM_SCORE_FOR_EXTRA_CREDIT); grade =
 * GRADE_CHART at the score rounded down to a multiple of 5, capped at 100
 * (100+ is A+). The CSP test follows src/analyzer/tests/csp.js: unsafe
 * sources are checked in its order and the first match wins.
 * Not modelled: HSTS/redirect preload lists, <meta http-equiv> policies.
 */

export interface ObservatoryInput {
  /** The scanned URL; the Observatory scans https:// when the site offers it. */
  url: string;
  /** Response headers of that URL, names lower-cased. */
  headers: Record<string, string | undefined>;
  /** The response body (for the Subresource Integrity test). */
  html: string;
  /** Access-Control-Allow-Origin/-Credentials seen for a request with a foreign Origin. */
  corsProbe?: { allowOrigin?: string; allowCredentials?: string };
  /** http->https redirection is the TLS proxy's job; pass what it does (default: 'redirection-to-https'). */
  redirection?: 'redirection-to-https' | 'redirection-missing' | 'redirection-not-needed-no-http';
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const BROAD_OR_INLINE = new Set([...BROAD, "'unsafe-inline'", 'data:']);

function parseCsp(header: string): Map<string, Set<string>> {
  const csp = new Map<string, Set<string>>();
  for (const directive of header.split(/[;,]/)) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name && !csp.has(name.toLowerCase())) csp.set(name.toLowerCase(), new Set(sources.map((s) => s.toLowerCase())));
  }
  return csp;
}

function csp(input: ObservatoryInput): [string, number] {
  const header = input.headers['content-security-policy'];
  if (!header) return ['csp-not-implemented', -25];
  const policy = parseCsp(header);
  const star = new Set(['*']);
  const script = policy.get('script-src') ?? policy.get('default-src') ?? star;
  const object = policy.get('object-src') ?? policy.get('default-src') ?? star;
  const style = policy.get('style-src') ?? policy.get('default-src') ?? star;
  const https = input.url.startsWith('https:');
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(policy.get(d) ?? policy.get('default-src') ?? [])]);
  const active = [...policy]
    .filter(([d]) => !['img-src', 'media-src', 'script-src'].includes(d))
    .flatMap(([, s]) => [...s])
    .concat([...script]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');
  if ([...script].some((s) => BROAD_OR_INLINE.has(s)) || [...object].some((s) => BROAD.has(s)))
    return ['csp-implemented-with-unsafe-inline', -20];
  if (https && active.some(insecure)) return ['csp-implemented-with-insecure-scheme', -20];
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  if (https && passive.some(insecure)) return ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10];
  if ([...style].some((s) => BROAD_OR_INLINE.has(s)))
    return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  const defaultSrc = policy.get('default-src');
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'"))
    return ['csp-implemented-with-no-unsafe-default-src-none', 10];
  return ['csp-implemented-with-no-unsafe', 5];
}

function cookies(input: ObservatoryInput): [string, number] {
  const header = input.headers['set-cookie'];
  if (!header) return ['cookies-not-found', 0];
  const all = header.split(/\n|,(?=\s*[^;=\s]+=)/).map((c) => c.toLowerCase());
  if (all.some((c) => !/;\s*secure/.test(c))) return ['cookies-without-secure-flag', -20];
  if (all.some((c) => !/;\s*httponly/.test(c))) return ['cookies-session-without-httponly-flag', -30];
  if (all.every((c) => /;\s*samesite=(strict|lax)/.test(c)))
    return ['cookies-secure-with-httponly-sessions-and-samesite', 5];
  return ['cookies-secure-with-httponly-sessions', 0];
}

function cors(input: ObservatoryInput): [string, number] {
  const allow = input.corsProbe?.allowOrigin ?? input.headers['access-control-allow-origin'];
  if (!allow) return ['cross-origin-resource-sharing-not-implemented', 0];
  if (allow.trim() === '*') return ['cross-origin-resource-sharing-implemented-with-public-access', 0];
  if (input.corsProbe?.allowCredentials?.trim().toLowerCase() === 'true')
    return ['cross-origin-resource-sharing-implemented-with-universal-access', -50];
  return ['cross-origin-resource-sharing-implemented-with-restricted-access', 0];
}

function redirection(input: ObservatoryInput): [string, number] {
  const result = input.redirection ?? 'redirection-to-https';
  return [result, result === 'redirection-missing' ? -20 : 0];
}

function referrer(input: ObservatoryInput): [string, number] {
  const header = input.headers['referrer-policy'];
  if (!header) return ['referrer-policy-not-implemented', 0];
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const last = header
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => good.includes(p) || bad.includes(p))
    .at(-1);
  if (last && good.includes(last)) return ['referrer-policy-private', 5];
  if (last) return ['referrer-policy-unsafe', -5];
  return ['referrer-policy-header-invalid', -5];
}

function hsts(input: ObservatoryInput): [string, number] {
  if (!input.url.startsWith('https:')) return ['hsts-not-implemented-no-https', -20];
  const header = input.headers['strict-transport-security'];
  if (!header) return ['hsts-not-implemented', -20];
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(header);
  if (!maxAge || header.includes(',')) return ['hsts-header-invalid', -20];
  // 15552000: the Observatory's "six months" (a white lie below 15768000, as it says).
  return Number(maxAge[1]) >= 15_552_000
    ? ['hsts-implemented-max-age-at-least-six-months', 0]
    : ['hsts-implemented-max-age-less-than-six-months', -10];
}

function sri(input: ObservatoryInput): [string, number] {
  if (!/text\/html/i.test(input.headers['content-type'] ?? '')) return ['sri-not-implemented-response-not-html', 0];
  const scripts = [...input.html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)].map((m) => ({
    src: m[1] as string,
    integrity: /\bintegrity=/i.test(m[0]),
  }));
  if (scripts.length === 0) return ['sri-not-implemented-but-no-scripts-loaded', 0];
  const page = new URL(input.url);
  const external = scripts.filter((s) => new URL(s.src, page).origin !== page.origin);
  const insecure = external.some((s) => s.src.startsWith('http:') || s.src.startsWith('//'));
  const allIntegrity = scripts.every((s) => s.integrity);
  if (insecure)
    return allIntegrity
      ? ['sri-implemented-but-external-scripts-not-loaded-securely', -20]
      : ['sri-not-implemented-and-external-scripts-not-loaded-securely', -50];
  if (allIntegrity)
    return external.length === 0
      ? ['sri-implemented-and-all-scripts-loaded-securely', 5]
      : ['sri-implemented-and-external-scripts-loaded-securely', 5];
  return external.length === 0
    ? ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0]
    : ['sri-not-implemented-but-external-scripts-loaded-securely', -5];
}

function nosniff(input: ObservatoryInput): [string, number] {
  const header = input.headers['x-content-type-options'];
  if (!header) return ['x-content-type-options-not-implemented', -5];
  return header.trim().toLowerCase() === 'nosniff'
    ? ['x-content-type-options-nosniff', 0]
    : ['x-content-type-options-header-invalid', -5];
}

function frameOptions(input: ObservatoryInput): [string, number] {
  if (
    input.headers['content-security-policy'] &&
    parseCsp(input.headers['content-security-policy']).has('frame-ancestors')
  )
    return ['x-frame-options-implemented-via-csp', 5];
  const xfo = input.headers['x-frame-options']?.trim().toLowerCase();
  if (!xfo) return ['x-frame-options-not-implemented', -20];
  if (xfo === 'deny' || xfo === 'sameorigin') return ['x-frame-options-sameorigin-or-deny', 0];
  return xfo.startsWith('allow-from')
    ? ['x-frame-options-allow-from-origin', 0]
    : ['x-frame-options-header-invalid', -20];
}

function corp(input: ObservatoryInput): [string, number] {
  const value = input.headers['cross-origin-resource-policy']?.trim().toLowerCase();
  if (!value) return ['cross-origin-resource-policy-not-implemented', 0];
  if (value === 'same-origin') return ['cross-origin-resource-policy-implemented-with-same-origin', 10];
  if (value === 'same-site') return ['cross-origin-resource-policy-implemented-with-same-site', 10];
  if (value === 'cross-origin') return ['cross-origin-resource-policy-implemented-with-cross-origin', 0];
  return ['cross-origin-resource-policy-header-invalid', -5];
}

const TESTS = {
  'content-security-policy': csp,
  cookies,
  'cross-origin-resource-sharing': cors,
  redirection,
  'referrer-policy': referrer,
  'strict-transport-security': hsts,
  'subresource-integrity': sri,
  'x-content-type-options': nosniff,
  'x-frame-options': frameOptions,
  'cross-origin-resource-policy': corp,
};

/** GRADE_CHART: the grade for a score rounded down to a multiple of 5 (100 and above: A+). */
export function gradeFor(score: number): string {
  const s = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  const chart: [number, string][] = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
    [0, 'F'],
  ];
  return chart.find(([min]) => s >= min)![1];
}

export function observatoryScore(input: ObservatoryInput): { score: number; grade: string; results: TestResult[] } {
  const results = Object.entries(TESTS).map(([test, run]) => {
    const [result, modifier] = run(input);
    return { test, result, modifier };
  });
  const withBonus = 100 + results.reduce((sum, r) => sum + r.modifier, 0);
  const penaltiesOnly = 100 + results.reduce((sum, r) => sum + Math.min(r.modifier, 0), 0);
  const score = Math.max(penaltiesOnly >= 90 ? withBonus : penaltiesOnly, 0);
  return { score, grade: gradeFor(score), results };
}
