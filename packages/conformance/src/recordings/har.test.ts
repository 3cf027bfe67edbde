// A HAR entry as an exchange: headers by lower-case name, whatever the names are.
import { describe, expect, test } from 'vitest';
import { harEntryToRecording } from './har.js';

describe('harEntryToRecording headers', () => {
  const entry = (headers: { name: unknown; value: unknown }[]) => ({
    request: { method: 'get', url: 'https://example.test/x', headers },
    response: { status: 200, headers, content: { mimeType: 'application/json', text: '{}' } },
  });

  test('lower-cased names; a later header of a name wins; nameless ones are left out', () => {
    const item = harEntryToRecording(
      entry([
        { name: 'X-One', value: 'a' },
        { name: 'x-one', value: 'b' },
        { name: 7, value: 'c' },
        { name: 'N', value: 3 },
      ]),
      'h#0',
    );
    expect('recording' in item && item.recording.request.headers).toEqual({ 'x-one': 'b', n: '3' });
  });

  test('a header named __proto__ is an own header, and the prototype stays that of a plain object', () => {
    const item = harEntryToRecording(entry([{ name: '__Proto__', value: 'x' }]), 'h#0');
    const headers = 'recording' in item ? (item.recording.response.headers as object) : {};
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(headers, '__proto__')?.value).toBe('x');
    expect(JSON.parse(JSON.stringify(headers))).toEqual(
      JSON.parse('{"__proto__":"x","content-type":"application/json"}'),
    );
  });
});
