import { testErrorClasses } from '../../rest-core/src/test/errorClasses.js';
import * as api from './index.js';

testErrorClasses(
  api,
  'Metrics',
  'https://github.com/avalanche-api/avalanche-api/tree/main/packages/metrics-client#errors',
);
