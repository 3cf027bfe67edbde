// Compiler-API helpers shared by the clients' type tests: what an editor shows, and what an
// entry point exports (types included, which Object.keys cannot see).
import { dirname, join } from 'node:path';
import ts from 'typescript';

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  types: [],
};

/** What an editor shows for each `const` of `source`, compiled as a file beside `entry`. */
export function hovers(entry: string, source: string): Record<string, string> {
  const file = join(dirname(entry), '__hover__.ts');
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : read(name, version, ...rest);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(file);
  if (!sourceFile) throw new Error('hover source not loaded');
  const out: Record<string, string> = {};
  sourceFile.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      out[node.name.text] = checker.typeToString(checker.getTypeAtLocation(node.name));
    }
    node.forEachChild(visit);
  });
  return out;
}

/** Every name `entry` exports, values and types alike, sorted. */
export function exportedNames(entry: string): string[] {
  const program = ts.createProgram([entry], options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${entry} not loaded`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

/**
 * The hand-written part of an export list, for a snapshot: checks first that every name the
 * generated files export (`fromSpec`, which follows the spec) is in `all`, then leaves them out.
 */
export function handWrittenExports(all: string[], fromSpec: string[]): string[] {
  if (fromSpec.length === 0) throw new Error('no generated exports: wrong file?');
  const missing = fromSpec.filter((name) => !all.includes(name));
  if (missing.length) throw new Error(`generated but not exported: ${missing.join(', ')}`);
  return all.filter((name) => !fromSpec.includes(name)).sort();
}
