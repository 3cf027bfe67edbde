// The CI job summary of a target that answers `{}` to everything (a real server on 127.0.0.1):
// every operation drifts, and the summary still fits its byte budget, folded in <details>.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import { contractReport } from '../../test/report-pages.js';
import { markdownBudget, renderMarkdown } from './markdown.js';
import { driftsOf, type ReportInput } from './report-view.js';

let report: ReportInput;

beforeAll(async () => {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    report = (await contractReport(['--target', url, '--node-version', 'none'])).report;
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('markdown summary of an always-{} server', () => {
  test('every operation that was tested drifts', () => {
    expect(report.summary.operations.drift).toBeGreaterThan(10);
    expect(driftsOf(report).length).toBeGreaterThan(50);
  });

  test('stays under 1 MB (its default budget) with details folded', () => {
    const md = renderMarkdown(report);
    expect(bytes(md)).toBeLessThanOrEqual(markdownBudget);
    expect(bytes(md)).toBeLessThan(1024 * 1024);
    expect(md.split('\n')[0]).toMatch(/^## ❌ Contract DRIFT: http:\/\/127\.0\.0\.1:\d+$/);
    expect(md).toContain(
      `<details><summary>${report.summary.operations.drift} operations not conforming`,
    );
    const shown = md.match(/<details><summary><code>/g)?.length ?? 0;
    expect(shown).toBeGreaterThan(0);
    // Opened and closed in pairs: a cut never leaves a block open.
    expect(md.match(/<details>/g)?.length).toBe(md.match(/<\/details>/g)?.length);
  });

  // Budgets below what the whole summary takes: a quarter, a half, and nearly nothing.
  test.each([0.5, 0.25, 0.02])(
    'a budget of %f of the full summary holds and says what it left out',
    (share) => {
      const max = Math.floor(bytes(renderMarkdown(report)) * share);
      const md = renderMarkdown(report, {
        maxBytes: max,
        fullReport: 'the contract-report artifact',
      });
      expect(bytes(md)).toBeLessThanOrEqual(max);
      const shown = md.match(/<details><summary><code>/g)?.length ?? 0;
      const total = driftsOf(report).length;
      expect(shown).toBeLessThan(total);
      expect(md).toContain(`${total - shown} more distinct drift`);
      expect(md).toContain('see the contract-report artifact');
    },
  );
});
