// Each target's standing in a run: its pace, and whether it was given up on.
import { Pace, type RunState } from './contract-controls.js';

/** The pace kept with one target, shared by every batch of the run. */
export function paceOf(state: RunState, base: string, concurrency: number): Pace {
  let pace = state.paces.get(base);
  if (!pace) {
    pace = new Pace(concurrency);
    state.paces.set(base, pace);
  }
  return pace;
}

/** Gives a target up: its remaining cases are not sent; `abort` stops its requests in flight. */
export function giveUp(state: RunState, base: string, why: string, abort = false) {
  if (state.down.has(base)) return;
  state.down.set(base, why);
  state.paces.get(base)?.close(why, abort);
}
