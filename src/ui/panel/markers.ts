// Apply results → editor markers.
import type { ApplyResult } from '../../worker/protocol.ts';
import type { EditorMarker } from './editorTypes.ts';

/** Failed documents become error markers over their lines; a failure with no document report marks line 1. */
export function markersFor(result: ApplyResult | undefined): EditorMarker[] {
  if (!result) return [];
  const failed = result.documents.filter((d) => !d.ok);
  if (failed.length) return failed.map((d) => ({ startLine: d.startLine, endLine: d.endLine, message: d.message, severity: 'error' as const }));
  if (result.code !== 0 && result.documents.length === 0) {
    const m = /line (\d+)/i.exec(result.stderr);
    const line = m ? Number(m[1]) : 1;
    return [{ startLine: line, endLine: line, message: result.stderr.trim() || 'apply failed', severity: 'error' }];
  }
  return [];
}
