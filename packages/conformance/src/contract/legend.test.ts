// The legend covers every kind the code knows, read from the code's own lists: a verdict, case
// class or drift kind added without its entry fails here; every entry has its anchor in the HTML
// report and on the docs' conformance page, which the entry links to.
import { describe, expect, test } from 'vitest';
import { violationKinds } from '../model/schema-set.js';
import { caseClasses } from './case-values.js';
import { verdictKinds } from './contract-case.js';
import { legendSection } from './formats/html.js';
import {
  caseClassLegend,
  docsLink,
  driftKindLegend,
  legendGroups,
  termLegend,
  verdictLegend,
} from './legend.js';

// The docs package's page renderer (plain JavaScript, run at docs build time).
const docsPage = new URL('../../../docs/src/conformance.mjs', import.meta.url).href;
const { renderConformance } = (await import(docsPage)) as {
  renderConformance: (report: unknown) => unknown;
};

const sorted = (list: readonly string[]) => [...list].sort();

describe('the legend', () => {
  test.each([
    ['verdicts', verdictKinds, verdictLegend],
    ['case classes', caseClasses, caseClassLegend],
    ['drift kinds', violationKinds, driftKindLegend],
  ] as const)(
    'has one entry per kind of %s the code lists, and no other',
    (_name, kinds, legend) => {
      expect(sorted(Object.keys(legend))).toEqual(sorted(kinds));
      for (const kind of kinds) expect(legend[kind as keyof typeof legend]).toBeDefined();
    },
  );

  const entries = legendGroups().flatMap((g) => g.entries);

  test('every entry says something and has an anchor of its own', () => {
    const anchors = entries.map((e) => e.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const e of entries) {
      expect(e.meaning.length, e.anchor).toBeGreaterThan(40);
      expect(e.anchor).toMatch(/^(verdict|class|kind|term)-[a-z-]+$/);
    }
    expect(entries.length).toBe(
      verdictKinds.length +
        caseClasses.length +
        violationKinds.length +
        Object.keys(termLegend).length,
    );
    // "vacuous" and "n/m" are among the terms explained.
    expect(entries.map((e) => e.term)).toEqual(expect.arrayContaining(['vacuous', 'n/m']));
  });

  test('the HTML legend has every entry under its anchor, linked to its place in the docs', () => {
    const docsUrl = 'https://docs.example.test/avalanche/';
    const html = legendSection(docsUrl);
    for (const e of entries) {
      expect(html).toContain(`<dt id="legend-${e.anchor}">`);
      expect(html).toContain(`href="${docsUrl}conformance.html#${e.anchor}"`);
      expect(docsLink(e, docsUrl.slice(0, -1))).toBe(`${docsUrl}conformance.html#${e.anchor}`);
    }
  });

  test("the docs' conformance page has each anchor the entries link to", () => {
    const counts = { conforms: 1, drift: 0, notTested: 0, skipped: 0 };
    const page = String(
      renderConformance({
        target: 'replay',
        date: '2026-01-01T00:00:00.000Z',
        summary: { operations: counts, cases: counts },
        operations: [],
        drift: [],
      }),
    );
    for (const e of entries) expect(page).toContain(`id="${e.anchor}"`);
  });
});
