// The traced request the map draws: set by the traffic panel or a `sim trace request` typed in the terminal, read
// by the map overlay and the panel. `step` is how far the drawing has come (1 … hops, then hops + 1 for the result);
// stepping by hand pauses the drawing.
import { useSyncExternalStore } from 'react';
import type { TraceResult } from './trace.ts';

export interface TraceState { trace?: TraceResult; step: number; seq: number; paused: boolean }

let state: TraceState = { step: 0, seq: 0, paused: false };
const listeners = new Set<() => void>();

function set(next: TraceState): void {
  state = next;
  for (const l of listeners) l();
}

/** Start drawing a trace from its first hop. */
export function showTrace(trace: TraceResult): void {
  set({ trace, step: 1, seq: state.seq + 1, paused: false });
}

export function advanceTrace(seq: number): void {
  if (state.trace && state.seq === seq && !state.paused && state.step <= state.trace.hops.length) set({ ...state, step: state.step + 1 });
}

/** One step back or on by hand (the result counts as the last step); the drawing stops advancing by itself. */
export function stepTrace(delta: -1 | 1): void {
  if (!state.trace) return;
  set({ ...state, paused: true, step: Math.min(state.trace.hops.length + 1, Math.max(1, state.step + delta)) });
}

export function replayTrace(): void {
  if (state.trace) showTrace(state.trace);
}

export function dismissTrace(): void {
  set({ step: 0, seq: state.seq + 1, paused: false });
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useTrace(): TraceState {
  return useSyncExternalStore(subscribe, () => state);
}
