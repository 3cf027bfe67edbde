import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './blocks.mjs';

describe('markdownBlocks', () => {
  it('finds ts blocks with their flags and lines, nested ones included, and skips other languages', () => {
    const md = [
      '# Title', // 1
      '',
      '```ts', // 3
      'const a = 1;',
      '```',
      '',
      '```sh', // 7
      'npm i',
      '```',
      '',
      '- a list item', // 11
      '',
      '  ```typescript fragment', // 13
      '  client.call();',
      '  ```',
      '',
      '```ts no-run', // 17
      'await node();',
      '```',
    ].join('\n');
    const blocks = markdownBlocks(md, 'x.md');
    expect(blocks.map((b) => [b.index, b.line, [...b.flags], b.code])).toEqual([
      [1, 3, [], 'const a = 1;'],
      [2, 13, ['fragment'], 'client.call();'],
      [3, 17, ['no-run'], 'await node();'],
    ]);
  });

  it('refuses an unknown flag, so a typo does not silently skip a block', () => {
    expect(() => markdownBlocks('```ts fragmnet\nx\n```\n', 'y.md')).toThrow(
      'y.md: unknown flag "fragmnet"',
    );
  });
});
