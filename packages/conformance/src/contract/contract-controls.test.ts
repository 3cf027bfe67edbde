import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  newRunState,
  Pace,
  pacing,
  parseHeader,
  parseRate,
  RateLimits,
  Spacing,
  silenceFor,
  startProgress,
} from './contract-controls.js';

const services = ['data-api', 'metrics-api', 'node-health', 'node-rpc'];
/** `${NAME}` as a user types it (a template here, so that no linter takes it for a slip). */
const ref = (name: string) => `\${${name}}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('parseHeader', () => {
  const env = { GW_TOKEN: 'tok-0123456789', PART: 'abc' };
  test.each([
    [
      'a literal value is sent as is and shown redacted',
      'X-Trace: literal-value',
      { name: 'X-Trace', value: 'literal-value', shown: '[redacted]' },
    ],
    [
      '$VAR is read from the environment and shown as written',
      'Authorization: Bearer $GW_TOKEN',
      { name: 'Authorization', value: 'Bearer tok-0123456789', shown: 'Bearer $GW_TOKEN' },
    ],
    [
      'the braced form too, scoped to one service',
      `node-rpc=X-Gateway: ${ref('PART')}-${ref('GW_TOKEN')}`,
      {
        service: 'node-rpc',
        name: 'X-Gateway',
        value: 'abc-tok-0123456789',
        shown: `${ref('PART')}-${ref('GW_TOKEN')}`,
      },
    ],
  ])('%s', (_name, given, want) => {
    expect(parseHeader(given, services, env)).toEqual(want);
  });

  test.each([
    ['no colon', 'X-Trace literal', /is not 'Name: value'/],
    ['an unknown service', 'nodes=X-A: 1', /unknown service "nodes"; services are data-api/],
    ['a name with a space', 'X Trace: 1', /"X Trace" is not a header name/],
    ['an unset variable', 'X-A: $MISSING_VAR', /the environment variable MISSING_VAR is not set/],
    ['an empty value', 'X-A:   ', /the value is empty/],
  ])('%s is refused with the rule', (_name, given, want) => {
    expect(() => parseHeader(given, services, env)).toThrow(want);
  });

  test('a malformed header never echoes a long value', () => {
    expect(() => parseHeader('Bearer-secret-value-0123456789', services, {})).toThrow(
      /^--header: "Bearer…" is not/,
    );
  });
});

describe('parseRate', () => {
  test.each([
    ['10/s', { count: 10, perMs: 1000, text: '10/s' }],
    ['30/m', { count: 30, perMs: 60_000, text: '30/m' }],
    ['data-api=2/s', { service: 'data-api', count: 2, perMs: 1000, text: 'data-api=2/s' }],
  ])('%s', (given, want) => {
    expect(parseRate(given, services)).toEqual(want);
  });

  test.each([
    ['10/h', /"10\/h" is not N\/s or N\/m/],
    ['0/s', /must be above 0/],
    ['nodes=1/s', /unknown service "nodes"/],
    ['fast', /"fast" is not N\/s/],
  ])('%s is refused', (given, want) => {
    expect(() => parseRate(given, services)).toThrow(want);
  });
});

describe('Spacing', () => {
  test('lets one request out per gap, measured from when the last one left', async () => {
    vi.useFakeTimers();
    let now = 0;
    const spacing = new Spacing({ count: 10, perMs: 1000 }, () => now);
    const left: number[] = [];
    const all = Array.from({ length: 5 }, () => spacing.take().then(() => left.push(now)));
    await vi.advanceTimersByTimeAsync(0);
    expect(left).toEqual([0]);
    // A timer that fires late (a loaded machine) does not release the backlog at once.
    now = 350;
    await vi.advanceTimersByTimeAsync(100);
    expect(left).toEqual([0, 350]);
    for (const step of [100, 100, 100]) {
      now += step;
      await vi.advanceTimersByTimeAsync(step);
    }
    await Promise.all(all);
    expect(left).toEqual([0, 350, 450, 550, 650]);
  });

  test('a scoped rate and the global one both apply', async () => {
    vi.useFakeTimers();
    const limits = new RateLimits([
      { count: 1000, perMs: 1000, text: '1000/s' },
      { service: 'data-api', count: 1, perMs: 1000, text: 'data-api=1/s' },
    ]);
    let done = 0;
    for (let i = 0; i < 3; i++)
      void limits.take('data-api').then(() => {
        done++;
      });
    void limits.take('node-rpc').then(() => {
      done++;
    });
    await vi.advanceTimersByTimeAsync(10);
    // The first data-api call and the node-rpc call; the other two wait a second each.
    expect(done).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(4);
  });
});

describe('startProgress', () => {
  test('writes a line at once and every 10 s, a phase until cases start', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const state = newRunState();
    let phase: string | undefined = 'asking the node target which release it runs';
    const stop = startProgress(
      (l) => lines.push(l),
      state,
      () => phase,
    );
    expect(lines).toEqual([
      expect.stringMatching(/^contract: asking the node target which release it runs, 0 s$/),
    ]);
    phase = undefined;
    Object.assign(state, {
      total: 40,
      done: 12,
      drift: 1,
      notTested: 3,
      inFlight: 4,
      requests: 15,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines[1]).toMatch(
      /^contract: 12\/40 cases done, 1 drift, 3 not tested, 4 in flight, 15 requests, \d+ s$/,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(3);
  });
});

describe('Pace', () => {
  /** A pace on a clock the test moves, and what has entered so far. */
  function paced(most: number) {
    vi.useFakeTimers();
    let now = 0;
    const pace = new Pace(most, () => now);
    const left: number[] = [];
    const enter = (n: number) =>
      Array.from({ length: n }, () =>
        pace.enter().then((at) => {
          if (at !== undefined) left.push(at);
          return at;
        }),
      );
    const advance = async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { pace, left, enter, advance };
  }

  test('lets the concurrency in at once, and the next one only when one leaves', async () => {
    const { pace, left, enter, advance } = paced(3);
    enter(4);
    await advance(0);
    expect(left).toEqual([0, 0, 0]);
    await advance(1000);
    expect(left).toHaveLength(3);
    pace.leave();
    await advance(0);
    expect(left).toEqual([0, 0, 0, 1000]);
  });

  test('a 429 halves the pace once per round, widens the gap and holds everything for its wait', async () => {
    const { pace, left, enter, advance } = paced(8);
    enter(8);
    await advance(0);
    // Eight in flight, all rate limited: only the first answer slows the pace (one round).
    for (let i = 0; i < 8; i++) {
      expect(pace.limited(0, 1000)).toBe(i + 1);
      pace.leave();
    }
    expect(pace.limit).toBe(4);
    expect(pace.gapMs).toBe(pacing.firstGapMs);
    enter(3);
    await advance(999);
    expect(left).toHaveLength(8);
    await advance(1);
    expect(left.slice(8)).toEqual([1000]);
    await advance(pacing.firstGapMs);
    expect(left.slice(8)).toEqual([1000, 1250]);
    // A request sent after the slow-down that is rate limited too slows it again.
    pace.limited(1000, 0);
    expect(pace.limit).toBe(2);
    expect(pace.gapMs).toBe(2 * pacing.firstGapMs);
  });

  test('answers win the pace back step by step, up to the concurrency and no further', async () => {
    const { pace } = paced(4);
    pace.unanswered(0);
    expect([pace.limit, pace.gapMs]).toEqual([2, pacing.firstGapMs]);
    for (let i = 0; i < 2; i++) pace.answered();
    expect([pace.limit, pace.gapMs]).toEqual([2, 0]);
    for (let i = 0; i < 2; i++) pace.answered();
    expect(pace.limit).toBe(3);
    for (let i = 0; i < 3; i++) pace.answered();
    expect(pace.limit).toBe(4);
    for (let i = 0; i < 40; i++) pace.answered();
    expect([pace.limit, pace.gapMs]).toEqual([4, 0]);
  });

  test('silence is measured from the oldest unanswered request since the last answer', async () => {
    const { pace, advance } = paced(4);
    await advance(5000);
    expect(pace.unanswered(1000)).toBe(4000);
    await advance(1000);
    expect(pace.unanswered(3000)).toBe(5000);
    pace.answered();
    expect(pace.unanswered(5500)).toBe(500);
    expect(pace.unanswered(6000)).toBe(500);
  });

  test('a closed pace lets nobody else in and aborts those in flight only when asked', async () => {
    const { pace, enter, advance } = paced(1);
    const [first, second] = enter(2);
    await advance(0);
    expect(await first).toBe(0);
    pace.close('rate limited', false);
    expect(await second).toBeUndefined();
    expect(pace.signal.aborted).toBe(false);
    const other = paced(1).pace;
    other.close('silent', true);
    expect(other.signal.aborted).toBe(true);
    expect(await other.enter()).toBeUndefined();
  });

  test('the silence stretch is eight timeouts, between 10 and 30 s', () => {
    expect(silenceFor(500)).toBe(10_000);
    expect(silenceFor(2000)).toBe(16_000);
    expect(silenceFor(15_000)).toBe(30_000);
  });
});
