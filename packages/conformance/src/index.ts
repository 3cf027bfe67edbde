export { loadRecordings, type Recording } from './recordings.js';
