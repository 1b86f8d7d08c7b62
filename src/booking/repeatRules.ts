/**
 * The repeat rules (RRULE) a feed's series may have before ical.js expands them. ical.js looks for a series' next
 * time in a loop with no bound when its rule is repeated more often than monthly: a rule no day can meet (a numbered
 * weekday in a daily rule, the 31st of April, a day counted from the month's end, which it does not read there) runs
 * that loop for minutes, its memory growing, and a count of occurrences cannot stop it. Such a rule is refused
 * here, in a millisecond and in words the owner can act on; RFC 5545 forbids most of them outright (3.3.10).
 */
const NUMBERED_WEEKDAY = /\d/;
/** The day parts a rule repeated every second or minute may not have (BYWEEKNO is refused outside a yearly rule already). */
const DAY_PARTS = ['BYMONTH', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY'];
/** The rules whose BYMONTHDAY ical.js reads as a filter of its days (those more frequent have no day parts). */
const FILTERED_BY_DAY = new Set(['HOURLY', 'DAILY', 'WEEKLY']);
/** The days each month can have (February's 29th in leap years). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A rule as ical.js reads it: its frequency and its BY parts. */
export interface RepeatRule {
  freq: string;
  parts: Partial<Record<string, readonly (string | number)[]>>;
}

const listed = (rule: RepeatRule, part: string) => rule.parts[part] ?? [];

/** Why ical.js cannot be trusted to expand this rule, as words for the owner; undefined when it can. */
export function repeatRuleProblem(rule: RepeatRule): string | undefined {
  const numbered = listed(rule, 'BYDAY').find((day) => NUMBERED_WEEKDAY.test(String(day)));
  const weekNumbers = listed(rule, 'BYWEEKNO').length > 0;
  if (numbered !== undefined && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')
    return `a numbered weekday (${numbered}) repeats only in a MONTHLY or YEARLY rule`;
  if (numbered !== undefined && weekNumbers) return `a numbered weekday (${numbered}) cannot go with BYWEEKNO`;
  if (weekNumbers && rule.freq !== 'YEARLY') return 'BYWEEKNO belongs only in a YEARLY rule';
  if (listed(rule, 'BYYEARDAY').length > 0 && ['DAILY', 'WEEKLY', 'MONTHLY'].includes(rule.freq))
    return 'BYYEARDAY does not go in a DAILY, WEEKLY or MONTHLY rule';
  // Every second or minute until a day matches is millions of steps: such a series is read only without day parts.
  const dayPart = DAY_PARTS.find((part) => listed(rule, part).length > 0);
  if ((rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY') && dayPart !== undefined)
    return `a ${rule.freq} rule is read only without ${dayPart}`;
  const days = listed(rule, 'BYMONTHDAY').map(Number);
  if (!FILTERED_BY_DAY.has(rule.freq) || days.length === 0) return undefined;
  if (rule.freq === 'WEEKLY') return 'BYMONTHDAY does not go in a WEEKLY rule';
  const fromEnd = days.find((day) => day < 0);
  if (fromEnd !== undefined)
    return `a day counted from the month's end (${fromEnd}) repeats only in a MONTHLY or YEARLY rule`;
  // Every month has a day 1 to 29 and one has 30 and 31: only months listed can leave no day to meet.
  const months = listed(rule, 'BYMONTH').map(Number);
  if (months.length > 0 && !days.some((day) => months.some((month) => day <= (MONTH_DAYS[month - 1] ?? 0))))
    return `no day of BYMONTHDAY (${days.join(',')}) falls in its months (${months.join(',')})`;
  return undefined;
}

/**
 * Why ical.js cannot be trusted to expand a time zone's rule (a VTIMEZONE's STANDARD or DAYLIGHT): it expands them
 * from the zone's first change on, with no count to stop it, so only the yearly rules every zone has are read.
 */
export function zoneRuleProblem(rule: RepeatRule): string | undefined {
  return rule.freq === 'YEARLY' ? repeatRuleProblem(rule) : "a time zone's changes repeat only yearly";
}
