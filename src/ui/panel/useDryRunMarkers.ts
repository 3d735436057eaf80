// The React side of dryRunMarkers.ts: the active document's dry-run markers (kept while typing, replaced when
// the next dry run answers, so they do not flicker away at each keystroke).
import { useEffect, useMemo, useState } from 'react';
import type { ApplyResult } from '../../worker/protocol.ts';
import { DryRunScheduler, type DryRunMarkers } from './dryRunMarkers.ts';
import type { EditorMarker } from './editorTypes.ts';

const none: EditorMarker[] = [];

export function useDryRunMarkers(id: string | undefined, text: string | undefined, dryRun: ((text: string) => Promise<ApplyResult>) | undefined): EditorMarker[] {
  const [latest, setLatest] = useState<DryRunMarkers | undefined>();
  const scheduler = useMemo(() => dryRun && new DryRunScheduler(dryRun, setLatest), [dryRun]);
  useEffect(() => () => scheduler?.dispose(), [scheduler]);
  useEffect(() => {
    if (scheduler && id !== undefined && text !== undefined) scheduler.edited(id, text);
  }, [scheduler, id, text]);
  return latest && latest.id === id ? latest.markers : none;
}
