import { getEventListeners } from 'node:events';
import { afterEach, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

// Time is the subject here: fake timers, so no bound depends on how busy the machine is.
afterEach(() => {
  vi.useRealTimers();
});

it('resolves after the given time, not before', async () => {
  vi.useFakeTimers();
  let resolved = false;
  const waiting = sleep(30).then(() => {
    resolved = true;
  });
  await vi.advanceTimersByTimeAsync(29);
  expect(resolved).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await waiting;
  expect(resolved).toBe(true);
});

it("rejects with the signal's reason as soon as it aborts, long before its time", async () => {
  vi.useFakeTimers();
  const controller = new AbortController();
  const reason = new Error('stop');
  const waiting = sleep(10_000, controller.signal);
  await vi.advanceTimersByTimeAsync(10);
  controller.abort(reason);
  await expect(waiting).rejects.toBe(reason);
  expect(vi.getTimerCount()).toBe(0);
});

it('rejects at once when the signal has already aborted', async () => {
  await expect(sleep(10_000, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
});

it('leaves no listener on the signal, whether it resolved or rejected', async () => {
  const controller = new AbortController();
  await sleep(1, controller.signal);
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  const waiting = sleep(10_000, controller.signal);
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
  controller.abort();
  await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
});
