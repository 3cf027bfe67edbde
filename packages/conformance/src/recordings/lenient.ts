// What a recording's era marks (`lenient`) excuse. Apart from recordings.ts, which reads files,
// so that the exchange checker imports nothing of Node and bundles for the browser.
import type { Recording } from './recordings.js';

/** Where each `where` of a lenient pattern lives inside a recording. */
const lenientRoots: Record<string, (r: Recording) => unknown> = {
  'request.params': (r) => (r.request.body as { params?: unknown } | undefined)?.params,
  'request.body': (r) => r.request.body,
  'response.result': (r) => (r.response.body as { result?: unknown } | undefined)?.result,
  'response.body': (r) => r.response.body,
};

function removeAt(node: unknown, tokens: string[]): number {
  if (typeof node !== 'object' || node === null || tokens.length === 0) return 0;
  const [head, ...rest] = tokens as [string, ...string[]];
  const container = node as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(container) : [head];
  let removed = 0;
  for (const key of keys) {
    if (!(key in container)) continue;
    if (rest.length > 0) removed += removeAt(container[key], rest);
    else if (Array.isArray(container)) {
      // Array items are not removed: that would shift the others.
    } else {
      delete container[key];
      removed++;
    }
  }
  return removed;
}

/**
 * A copy of the recording without the members its era marks list, so that a member an
 * older release sent is not held against it even inside a `oneOf`. Members a mark lists
 * as missing are excused afterwards by `isExcused`.
 */
export function withoutLenientMembers(recording: Recording): Recording {
  if (!recording.lenient?.length) return recording;
  const copy = structuredClone(recording);
  for (const pattern of recording.lenient) {
    const where = Object.keys(lenientRoots).find((w) => pattern.startsWith(`${w}/`));
    if (!where) continue;
    const tokens = pattern
      .slice(where.length + 1)
      .split('/')
      .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
    removeAt(lenientRoots[where]?.(copy), tokens);
  }
  return copy;
}

/** Whether a violation (`where` + pointer) is one the recording's era excuses. */
export function isExcused(
  recording: Pick<Recording, 'lenient'>,
  where: string,
  path: string,
): boolean {
  const at = `${where}${path}`.split('/');
  return (recording.lenient ?? []).some((pattern) => {
    const p = pattern.split('/');
    return p.length === at.length && p.every((seg, i) => seg === '*' || seg === at[i]);
  });
}
