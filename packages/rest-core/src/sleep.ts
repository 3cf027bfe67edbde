/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    // One handler for both ends, so that whichever comes first removes the other.
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      signal?.aborted ? reject(signal.reason) : resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
    if (signal?.aborted) done();
  });
