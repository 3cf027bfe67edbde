#!/usr/bin/env node
// Lists hand-written functions longer than a reader can hold (over 150 lines), with the
// TypeScript compiler's parser: function declarations, methods, arrow functions and function
// expressions, in every tracked .ts/.mjs/.js file outside generated folders, tests and test
// support folders (`src/test/`).
//
//   node scripts/long-functions.mjs [--max 150] [--fail]
//
// Prints one line per function, `lines  path:line  name`. With --fail it exits 1 when any
// function outside packages/conformance is too long; packages/conformance is reported only,
// until its re-layout (issue 25, second part) brings its functions under the limit too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 150;

/** Tracked source files a person wrote: no generated code, tests, fixtures or bundles. */
export function handWrittenFiles(root = ROOT) {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.mjs', '*.js'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter(Boolean)
    .filter(
      (f) =>
        !/(^|\/)(generated|dist|node_modules|__snapshots__|test-artifacts|test)\//.test(f) &&
        !/\.(test|test-d|test-util)\.[cm]?[jt]s$/.test(f) &&
        !/\.d\.ts$/.test(f),
    );
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p)) return p.name.getText(sf);
  if (p && ts.isPropertyAssignment(p)) return p.name.getText(sf);
  if (p && ts.isCallExpression(p)) return `(callback of ${p.expression.getText(sf).slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function of one source text over `max` lines: `{ name, line, lines }`. */
export function longFunctions(text, file, max = MAX_LINES) {
  const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) found.push({ name: nameOf(node, sf), line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every hand-written function over `max` lines in the repository, longest first. */
export function scan(root = ROOT, max = MAX_LINES) {
  const all = [];
  for (const file of handWrittenFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const f of longFunctions(text, file, max)) {
      all.push({ ...f, file });
    }
  }
  return all.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--max');
  const max = i >= 0 ? Number(args[i + 1]) : MAX_LINES;
  const found = scan(ROOT, max);
  for (const f of found) {
    console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  }
  console.log(`${found.length} function(s) over ${max} lines`);
  if (args.includes('--fail') && found.length) process.exit(1);
}
