// The package's public surface: an accidental export change shows up here.
import { expect, test } from 'vitest';
import * as conformance from './index.js';

test('export list', () => {
  expect(Object.keys(conformance).sort()).toMatchInlineSnapshot(`
    [
      "NodeVersionError",
      "OpenApiService",
      "OpenRpcService",
      "RecordingFormatError",
      "Specs",
      "caseClasses",
      "compareNodeVersions",
      "contractCases",
      "countVerdicts",
      "curlFor",
      "defaultPlan",
      "defaultSpecDir",
      "deref",
      "describeExpectation",
      "documentForVersion",
      "eraMarkFor",
      "exitCode",
      "formatNodeVersion",
      "formatViolation",
      "generateCases",
      "getPointer",
      "harToRecordings",
      "isExcused",
      "isHar",
      "linkedCase",
      "liveTargets",
      "loadEraMarks",
      "loadExchanges",
      "loadRecordings",
      "parseClasses",
      "parseExchanges",
      "parseNodeVersion",
      "parseQuery",
      "parseTargets",
      "presentIn",
      "readLinks",
      "recordingsToHar",
      "reportVersion",
      "runContract",
      "runPlan",
      "startReplayServer",
      "supportedReleases",
      "verdicts",
    ]
  `);
});
