/** Turns rows into an aligned text table for the terminal. A pure function, no I/O. */
/** A fixed-width table for the terminal; long values are cut so one lead stays on one line. */
export function toTable<T extends object>(
  rows: readonly T[],
  columns: readonly (keyof T & string)[],
  maxWidth = 32,
): string {
  const cell = (v: unknown) => {
    const text = (v === null || v === undefined ? '' : String(v))
      .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
      .replace(/\p{Cf}/gu, ''); // nothing that steers the terminal
    return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
  };
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[
    line([...columns]),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
  ].join('\n')}\n`;
}
