/** `report [--days N] [--format text|json]`: views, leads and reply times per source, and per language. */
import { languageRows, readSourceReport, reportRows } from '../leads/sourceReport';
import { parsePositiveInt, UsageError } from './cliArgs';
import type { Command } from './command';
import { toTable } from './formatLeads';

export const report: Command = {
  run({ options, services, print }) {
    const days = parsePositiveInt('--days', options.days, 30) as number;
    const format = options.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json (got "${format}")`);
    const result = readSourceReport(services(), days, Date.now());
    if (format === 'json') return print(`${JSON.stringify(result, null, 2)}\n`);
    print(`Views, leads and reply times per source, ${result.from} to ${result.to} (${days} days)\n\n`);
    const figures = ['views', 'verified', 'unverified', 'spam', 'conversion', 'median_reply'] as const;
    print(toTable(reportRows(result), ['source', ...figures], 40));
    // The language of the page viewed, or of the lead's form: a tag ('pt-BR').
    if (result.languages.length > 0)
      print(`\nPer language\n\n${toTable(languageRows(result), ['language', ...figures])}`);
    print(
      `\nconversion: verified and unverified leads per view; median_reply: arrival to the first mark (leads mark ID contacted).\n`,
    );
  },
};
