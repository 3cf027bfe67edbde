import { exportListTests } from '../../rest-core/src/test/exports.js';
import * as generated from './generated/functions.js';
import * as api from './index.js';
import * as raw from './raw.js';
import * as validate from './validate.js';

exportListTests({ api, generated, raw, validate, from: import.meta.url });
