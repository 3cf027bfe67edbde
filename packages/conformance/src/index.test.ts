// The package's public surface: an accidental export change shows up here.
import { expect, test } from 'vitest';
import * as conformance from './index.js';

test('export list', () => {
  expect(Object.keys(conformance).sort()).toMatchInlineSnapshot(`
    [
      "OpenApiService",
      "OpenRpcService",
      "RecordingFormatError",
      "Specs",
      "contractCases",
      "countVerdicts",
      "curlFor",
      "defaultSpecDir",
      "deref",
      "describeExpectation",
      "exitCode",
      "formatViolation",
      "getPointer",
      "harToRecordings",
      "isHar",
      "liveTargets",
      "loadExchanges",
      "loadRecordings",
      "parseExchanges",
      "parseQuery",
      "parseTargets",
      "recordingsToHar",
      "reportVersion",
      "runContract",
      "startReplayServer",
      "verdicts",
    ]
  `);
});
