// Every output format of a contract run: a pure function of its report, by the --format name.
import type { ContractReport } from '../report-types.js';
import { renderHtml } from './html.js';
import { contractJson } from './json.js';
import { contractJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { contractText } from './text.js';

export type ContractFormat = (report: ContractReport) => string;

export const contractFormats: Record<string, ContractFormat> = {
  text: contractText,
  json: contractJson,
  junit: contractJunit,
  html: renderHtml,
  markdown: (report) => renderMarkdown(report),
};
