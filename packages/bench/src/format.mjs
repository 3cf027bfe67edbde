// Tables as aligned text for the terminal and as Markdown for RESULTS.md.

/** @typedef {{ title: string, columns: { label: string, right?: boolean }[], rows: string[][], notes?: string[] }} Table */

/** @param {Table} table */
export function renderText(table) {
  const widths = table.columns.map((c, i) =>
    Math.max(c.label.length, ...table.rows.map((r) => String(r[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        table.columns[i].right ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd();
  return [
    table.title,
    '',
    line(table.columns.map((c) => c.label)),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.rows.map(line),
    ...(table.notes?.length ? ['', ...table.notes] : []),
  ].join('\n');
}

const escapeCell = (cell) => String(cell).replaceAll('|', '\\|');

/** @param {Table} table Padded the way Biome formats Markdown tables, so RESULTS.md stays lint-clean. */
export function renderMarkdown(table) {
  const cells = [table.columns.map((c) => c.label), ...table.rows].map((r) => r.map(escapeCell));
  const widths = table.columns.map((_, i) => Math.max(3, ...cells.map((r) => r[i].length)));
  const line = (row) =>
    `| ${row.map((cell, i) => (table.columns[i].right ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;
  const rule = widths.map((w, i) =>
    table.columns[i].right ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w),
  );
  return [
    `### ${table.title}`,
    '',
    line(cells[0]),
    `| ${rule.join(' | ')} |`,
    ...cells.slice(1).map(line),
    ...(table.notes?.length ? ['', ...table.notes] : []),
  ].join('\n');
}

const group = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const bytes = (n) => group.format(n);
export const count = (n) => group.format(Math.round(n));
export const ms = (n, digits = 3) => n.toFixed(digits);
export const times = (n) => `${n.toFixed(n < 10 ? 1 : 0)}×`;
