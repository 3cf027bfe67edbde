// The diff's reports: text for a terminal, JSON for machines, Markdown for a pull request.
import { type Change, type Severity, severities } from './rules.js';

export type DiffFormat = 'text' | 'json' | 'markdown';

interface Summary {
  client: Severity;
  server: Severity;
}

/** The public fields of a change, in a fixed order (no internal bookkeeping). */
function publicChange(c: Change): Change {
  const { spec, operation, location, rule, client, server, message, usage } = c;
  return { spec, operation, location, rule, client, server, message, ...(usage ? { usage } : {}) };
}

/** Most severe for clients first, then by spec, operation and location. */
function ordered(changes: readonly Change[]): Change[] {
  const rank = (c: Change) => -severities.indexOf(c.client) * 10 - severities.indexOf(c.server);
  return [...changes].sort(
    (a, b) =>
      a.spec.localeCompare(b.spec) ||
      rank(a) - rank(b) ||
      a.operation.localeCompare(b.operation) ||
      a.location.localeCompare(b.location),
  );
}

export function formatDiff(
  changes: readonly Change[],
  summary: Summary,
  format: DiffFormat,
): string {
  if (format === 'json')
    return JSON.stringify({ changes: ordered(changes).map(publicChange), summary }, null, 2);
  if (format === 'markdown') return markdown(changes, summary);
  return text(changes, summary);
}

function text(changes: readonly Change[], summary: Summary): string {
  if (changes.length === 0) return 'no spec changes';
  const lines: string[] = [];
  let spec = '';
  for (const c of ordered(changes)) {
    if (c.spec !== spec) {
      spec = c.spec;
      lines.push(`${spec}:`);
    }
    const unseen = c.usage === 'unseen' ? ' (never seen in the traffic)' : '';
    lines.push(
      `  client ${c.client.padEnd(12)} server ${c.server.padEnd(12)} ${c.operation}: ${c.message}${unseen}`,
      `      ${c.rule} at ${c.location}`,
    );
  }
  lines.push(
    '',
    `${changes.length} change${changes.length === 1 ? '' : 's'}; most severe for clients: ${summary.client}, for servers: ${summary.server}`,
  );
  return lines.join('\n');
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

function markdown(changes: readonly Change[], summary: Summary): string {
  if (changes.length === 0) return 'No spec changes.';
  const out = [
    `**${changes.length} spec change${changes.length === 1 ? '' : 's'}**: most severe for clients **${summary.client}**, for servers **${summary.server}**.`,
  ];
  let spec = '';
  for (const c of ordered(changes)) {
    if (c.spec !== spec) {
      spec = c.spec;
      out.push(
        '',
        `### ${spec}`,
        '',
        '| Operation | Change | Client | Server | Rule |',
        '|---|---|---|---|---|',
      );
    }
    const unseen = c.usage === 'unseen' ? ' _(never seen in the traffic)_' : '';
    out.push(
      `| \`${cell(c.operation)}\` | ${cell(c.message)}${unseen} | ${c.client} | ${c.server} | \`${c.rule}\` |`,
    );
  }
  return out.join('\n');
}
