// Markers while typing: a server dry run of the document ~500 ms after the last keystroke (kubectl apply
// --dry-run=server through the worker), its failures on the lines of the fields they name (fieldMarkers.ts). A result
// whose document changed since the request left is dropped.
import type { ApplyResult } from '../../worker/protocol.ts';
import type { EditorMarker } from './editorTypes.ts';
import { onFieldLines } from './fieldMarkers.ts';
import { markersFor } from './markers.ts';

export const DRY_RUN_DELAY_MS = 500;

export interface DryRunMarkers {
  /** The document the markers belong to, and the text they were computed for. */
  id: string;
  text: string;
  markers: EditorMarker[];
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const windowTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Debounces dry runs of the shown document and publishes only results that still match it. */
export class DryRunScheduler {
  private timer: unknown;
  private shown: { id: string; text: string } | undefined;

  constructor(
    private readonly dryRun: (text: string) => Promise<ApplyResult>,
    private readonly publish: (result: DryRunMarkers) => void,
    private readonly timers: Timers = windowTimers,
  ) {}

  /** The editor now shows `text` of document `id`: dry-run it once typing pauses. */
  edited(id: string, text: string): void {
    this.shown = { id, text };
    this.timers.clear(this.timer);
    this.timer = this.timers.set(() => void this.run(id, text), DRY_RUN_DELAY_MS);
  }

  dispose(): void {
    this.timers.clear(this.timer);
    this.shown = undefined;
  }

  private async run(id: string, text: string): Promise<void> {
    let result: ApplyResult;
    try {
      result = await this.dryRun(text);
    } catch {
      return; // the worker is not ready (or gone): no markers rather than a confusing one
    }
    if (this.shown?.id !== id || this.shown.text !== text) return; // stale
    this.publish({ id, text, markers: onFieldLines(markersFor(result), text) });
  }
}
