// kubectl edit's state between opening the editor and reading the saved file back. It is plain JSON (the page
// keeps a pending edit across a reload) and holds what editoptions.go's Run loop keeps in its variables.
import type { KubeObject } from '../../../api/object.ts';

export interface EditSession {
  /** The `kubectl edit …` line: each save runs its flags again. */
  commandLine: string;
  /** The temp file kubectl would have written ("/tmp/kubectl-edit-1234567890.yaml"), named in its messages. */
  file: string;
  /** The text the editor opens: the header (with the failures of a reopen) and the object(s). */
  document: string;
  /** The file as first written, to tell "no changes made". */
  original: string;
  /** The objects as fetched: an edited object is matched to its original by uid, and patched from it. */
  originals: KubeObject[];
  /** A reopen after failures: saving the same text again cancels the edit ("no valid changes were saved"). */
  containsError: boolean;
  /** The text saved in the previous pass (set with containsError). */
  previous?: string;
}

/** What one editor pass ends in: done with an exit code, or the editor opens (again) on a session. */
export type EditOutcome = { code: number } | { reopen: EditSession };
