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
      "compareNodeVersions",
      "contractCases",
      "countVerdicts",
      "curlFor",
      "defaultSpecDir",
      "deref",
      "describeExpectation",
      "documentForVersion",
      "eraMarkFor",
      "exitCode",
      "formatNodeVersion",
      "formatViolation",
      "getPointer",
      "harToRecordings",
      "isExcused",
      "isHar",
      "liveTargets",
      "loadEraMarks",
      "loadExchanges",
      "loadRecordings",
      "parseExchanges",
      "parseNodeVersion",
      "parseQuery",
      "parseTargets",
      "presentIn",
      "recordingsToHar",
      "reportVersion",
      "runContract",
      "startReplayServer",
      "supportedReleases",
      "verdicts",
    ]
  `);
});
