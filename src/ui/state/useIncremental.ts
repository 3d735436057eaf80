// A value derived from a store collection, kept up from each view's changes instead of recomputed from every
// entry: the Events pane's newest rows and warning count had scanned tens of thousands of Events each update.
import { useRef } from 'react';
import type { MapView, ViewChanges } from './mapView.ts';

/**
 * `full` computes the value from the whole view; `step` brings the previous value up to date from the changes
 * since the view it was computed on, or returns undefined when only a full pass can tell.
 */
export function useIncremental<T, R>(
  view: MapView<T>,
  full: (view: MapView<T>) => R,
  step: (prev: R, changes: ViewChanges<T>) => R | undefined,
): R {
  // Written during render: both functions are pure, so a render React throws away leaves a valid pair behind.
  const last = useRef<{ view: MapView<T>; value: R }>(undefined);
  const prev = last.current;
  if (prev?.view === view) return prev.value;
  const changes = prev && view.changesSince(prev.view);
  const value = (prev && changes && step(prev.value, changes)) ?? full(view);
  last.current = { view, value };
  return value;
}
