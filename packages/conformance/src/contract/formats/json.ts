import type { ContractReport } from '../report-types.js';

/** The report itself, indented: what tools read. */
export function contractJson(report: ContractReport): string {
  return JSON.stringify(report, null, 2);
}
