/** Aligned text tables for the terminal. Pure functions, no I/O. */

/** Lines of cells in columns two spaces apart, each as wide as its widest cell; `ruled`: dashes under the first. */
export function alignColumns(lines: readonly (readonly string[])[], ruled = false): string {
  const [head = [], ...body] = lines;
  const widths = head.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
  const rule = ruled ? [widths.map((w) => '-'.repeat(w))] : [];
  const align = (line: readonly string[]) =>
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[head, ...rule, ...body].map(align).join('\n')}\n`;
}

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
  return alignColumns([columns, ...rows.map((r) => columns.map((c) => cell(r[c])))], true);
}
