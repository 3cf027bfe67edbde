import * as core from '@avalanche-api/rest-core';
import { testErrorClasses } from '../../rest-core/src/test/errorClasses.js';
import * as api from './index.js';

testErrorClasses(core, api, 'Node', '@avalanche-api/node-rpc', { rpc: true });
