// The named types: each is the method's or schema's type (checked by `tsc --noEmit`), and
// editors print the names rather than `components["schemas"][…]` (checked with the compiler API).
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import type {
  AvmGetTxFeeResult,
  AvmGetTxParams,
  AvmGetUTXOsParams,
  AvmGetUTXOsResult,
  EthFeeConfigParams,
  EthFeeConfigResult,
  InfoGetNodeVersionParams,
  InfoGetNodeVersionResult,
  InfoGetTxFeeResult,
  Params,
  Result,
  Schemas,
  Validator,
} from './index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value: T) => value;

it('each named type is the type of the method or schema it names', () => {
  assert<Equal<AvmGetUTXOsParams, Params<'avm.getUTXOs'>>>(true);
  assert<Equal<AvmGetUTXOsResult, Result<'avm.getUTXOs'>>>(true);
  assert<Equal<AvmGetUTXOsResult, Schemas['AvmGetUTXOsResult']>>(true);
  assert<Equal<AvmGetTxParams, Params<'avm.getTx'>>>(true);
  assert<Equal<AvmGetTxFeeResult, Result<'avm.getTxFee'>>>(true);
  assert<Equal<InfoGetTxFeeResult, Result<'info.getTxFee'>>>(true);
  // By position: the named params are the tuple sent on the wire.
  assert<Equal<EthFeeConfigParams, Params<'eth_feeConfig'>>>(true);
  assert<Equal<EthFeeConfigResult, Result<'eth_feeConfig'>>>(true);
  assert<Equal<InfoGetNodeVersionParams, Record<string, never>>>(true);
  assert<Equal<InfoGetNodeVersionResult, Result<'info.getNodeVersion'>>>(true);
  assert<Equal<Validator, Schemas['Validator']>>(true);
  // @ts-expect-error avm.getTxFee and info.getTxFee answer differently; the names keep them apart
  assert<Equal<AvmGetTxFeeResult, InfoGetTxFeeResult>>(true);
  expect(true).toBe(true);
});

/** What an editor shows for each `const` of `source` (a file next to index.ts). */
function hovers(source: string): Record<string, string> {
  const file = `${fileURLToPath(new URL('.', import.meta.url))}__hover__.ts`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
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

it('editors show the names, not components["schemas"][…]', () => {
  const shown = hovers(`
    import { createNodeClient } from './index.js';
    const client = createNodeClient();
    export const utxos = client.avm.getUTXOs({ addresses: ['X-avax1x'] });
    export const version = client.info.getNodeVersion();
    export const rules = client.evm('C').feeConfig;
  `);
  expect(shown.utxos).toBe('Promise<AvmGetUTXOsResult>');
  expect(shown.version).toBe('Promise<InfoGetNodeVersionResult>');
  expect(shown.rules).toMatch(
    /^\(params\?: EthFeeConfigParams.*\) => Promise<EthFeeConfigResult>$/,
  );
}, 30_000);
