import { testErrorClasses } from '../../rest-core/src/test/errorClasses.js';
import * as api from './index.js';

testErrorClasses(
  api,
  'Data',
  'https://github.com/avalanche-api/avalanche-api/tree/main/packages/data-client#errors',
);
