// Where each attempt of the transport gets its AbortController. Node: a pool (below). Browsers get
// controllers.browser.ts instead (package.json "browser"), where a controller is cheap and
// every byte of the pool is paid on each page load.

/**
 * `g`: gives the controller back once the attempt is over (absent where nothing is pooled);
 * `l`: the listeners fetch added during the current loan; `n`: loans so far (short keys: no
 * minifier shortens them).
 */
export type Lent = AbortController & { g?: () => void; l?: EventListener[]; n?: number };

/**
 * Controllers that no attempt aborted, lent to the next attempts: Node builds an AbortSignal at
 * ~3 µs plus its garbage, more than the rest of a call's own work. Each is retired after 1,000
 * attempts, so a fetch that ties something to the signal out of our sight (older engines follow
 * it internally) holds at most that much.
 */
const idle: Lent[] = [];

/** A controller for one attempt: an idle one, or a new one whose listeners are noted. */
export function lend(): Lent {
  const reused = idle.pop();
  if (reused) return reused;
  const controller: Lent = new AbortController();
  const { signal } = controller;
  const add = signal.addEventListener;
  const added: EventListener[] = [];
  controller.l = added;
  controller.n = 0;
  controller.g = () => giveBack(controller);
  // fetch (undici) follows the signal with an abort listener it drops only at GC: each is noted and
  // removed when the attempt ends, so that a signal in use again never piles them up.
  signal.addEventListener = (...args: Parameters<typeof add>) => {
    added.push(args[1] as EventListener);
    add.apply(signal, args);
  };
  return controller;
}

/**
 * The attempt is over and nothing will abort its controller any more: it is lent again, without
 * the listeners fetch left on it. A burst of calls leaves at most 64 behind; the rest go to GC.
 */
function giveBack(controller: Lent): void {
  if (controller.signal.aborted || idle.length >= 64 || ++(controller.n as number) >= 1000) return;
  for (const listener of (controller.l as EventListener[]).splice(0))
    controller.signal.removeEventListener('abort', listener);
  idle.push(controller);
}
