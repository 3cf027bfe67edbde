#!/usr/bin/env node
import { runConformance } from './run-conformance.mjs';

runConformance('check');
