import { getEventListeners } from 'node:events';
import { expect, it } from 'vitest';
import { sleep } from './sleep.js';

it('resolves after the given time', async () => {
  const started = performance.now();
  await sleep(30);
  expect(performance.now() - started).toBeGreaterThanOrEqual(25);
});

it("rejects with the signal's reason as soon as it aborts", async () => {
  const controller = new AbortController();
  const reason = new Error('stop');
  const started = performance.now();
  const waiting = sleep(10_000, controller.signal);
  setTimeout(() => controller.abort(reason), 10);
  await expect(waiting).rejects.toBe(reason);
  expect(performance.now() - started).toBeLessThan(5_000);
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
