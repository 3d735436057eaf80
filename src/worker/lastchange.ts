// The drawer's "last change": the object's previous version against the current one as a unified diff of
// their YAML (what `kubectl diff` would have shown for that change).
import { toYaml } from '../engine/kubectl/printers/index.ts';
import { unifiedDiff } from '../engine/kubectl/unifieddiff.ts';
import type { LastChange } from './history.ts';
import type { LastChangeView } from './protocol.ts';

export function lastChangeView(change: LastChange): LastChangeView {
  const before = change.before ? toYaml(change.before) : '';
  const after = change.after ? toYaml(change.after) : '';
  const stamp = new Date(change.at).toISOString();
  return { at: change.at, type: change.type, diff: unifiedDiff(before, after, 'before', 'after', stamp) };
}
