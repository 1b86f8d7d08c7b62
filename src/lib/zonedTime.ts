/**
 * A stored time as the owner reads it: in his time zone (OWNER_TIME_ZONE), with the zone's abbreviation, e.g.
 * "2026-11-26 06:05 GMT-3" in America/Sao_Paulo, "2026-11-26 09:05 UTC" in UTC. Only what is shown changes:
 * times stay stored as UTC ISO text. A leaf for every layer; the zone is always passed in, never read here.
 */

// The first Intl formatter of a process loads ICU's data: about 8 MB more resident memory (measured on Node 20).
// UTC, the default, is written from the ISO text instead, so a server left on UTC never pays for it.
const UTC = 'UTC';

/** True when Intl knows the zone by this name (an IANA name such as America/Sao_Paulo, or UTC). */
export function isTimeZone(name: string): boolean {
  if (name === UTC) return true;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Building an Intl formatter costs far more than using one, and a page of the inbox shows dozens of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${seconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // en-US names the zones its readers know (EST, PST) and every other as an offset (GMT-3, GMT+5:30);
    // h23, since en-US would otherwise write midnight as 24:00 with hour12 off.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      timeZoneName: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(seconds ? { second: '2-digit' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "2026-11-26 06:05 GMT-3" from a stored ISO time, in `timeZone` (one isTimeZone accepts); `seconds` adds
 * them ("06:05:07"), as the alerts show them. The date is put together from its parts, so it reads the same
 * whatever order the locale writes it in. A value that is no time is returned as it is.
 */
export function zonedTime(isoTime: string, timeZone: string, { seconds = false } = {}): string {
  const ms = Date.parse(isoTime);
  if (Number.isNaN(ms)) return isoTime;
  if (timeZone === UTC) {
    const iso = new Date(ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)} UTC`;
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone, seconds).formatToParts(ms)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, second, timeZoneName } = parts;
  return `${year}-${month}-${day} ${hour}:${minute}${seconds ? `:${second}` : ''} ${timeZoneName}`;
}
