// Messages between the engine worker and one user operator's sandbox worker (sandboxMain.ts), and what the
// page sees of user-written operators.
import type { ReconcileRequest } from '../../engine/operators/external.ts';

export type SandboxRequest =
  | { type: 'load'; code: string }
  /** `now`: virtual ms, what Date.now() answers inside the reconcile. */
  | { type: 'reconcile'; id: number; now: number; request: ReconcileRequest };

export type SandboxReply =
  | { type: 'loaded'; error?: string }
  /** `result` is untrusted data: the engine worker validates it (actions.ts). */
  | { type: 'result'; id: number; result?: unknown; error?: string };

export type OperatorLanguage = 'javascript' | 'typescript';

/** A user-written operator as the page writes it, the workspace saves it and a share link carries it. */
export interface UserOperatorSource {
  name: string;
  /** The kind it reconciles. */
  kind: string;
  /** The kinds it creates and owns. */
  owns: string[];
  language: OperatorLanguage;
  code: string;
}

/** The operator panel's row. */
export interface UserOperatorView extends UserOperatorSource {
  /** running: reconciling; stopped: the engine stopped it (a loop) or the user did not agree to run it. */
  state: 'running' | 'stopped';
  /** Why it is stopped. */
  stoppedReason?: string;
  lastError?: { key: string; message: string };
  reconciles: number;
  errors: number;
}
