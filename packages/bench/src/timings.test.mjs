import { describe, expect, it } from 'vitest';
import { caseClasses, contractProblem } from './timings.mjs';

describe('contractProblem', () => {
  const all = Object.fromEntries(caseClasses.map((k) => [k, 3]));

  it('accepts a report that sent every case class', () => {
    expect(contractProblem({ classes: all })).toBeUndefined();
  });

  it.each([
    ['a class absent', { classes: { ...all, linked: undefined } }, /no case sent of class linked/],
    ['a class with no case', { classes: { ...all, page: 0 } }, /no case sent of class page/],
    ['no report', undefined, /no JSON report/],
  ])('names %s', (_, summary, want) => {
    expect(contractProblem(summary)).toMatch(want);
  });
});
