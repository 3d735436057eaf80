// kubectl rollout history (TYPE NAME | TYPE/NAME) [--revision N]: REVISION and CHANGE-CAUSE per revision, or
// the pod template of one revision.
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { CommandError, resourceName, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { intFlag } from '../numericflags.ts';
import { DESCRIBE_TABWRITER, tabwrite } from '../../printers/tabwriter.ts';
import type { Target } from '../targets.ts';
import { groupKind, visitTargets } from './target.ts';
import { CHANGE_CAUSE_ANNOTATION, controllerRevisions, deploymentReplicaSets, printTemplate, revisionOf, revisionTemplate } from './revisions.ts';

interface HistoryEntry { template: PodTemplateSpec; changeCause?: string }

/** The history viewer for a kind: revision → template (and change cause), or why there is none. */
function historyOf(ctx: KubectlContext, t: Target): { entries: Map<number, HistoryEntry>; changeCauseColumn: boolean } {
  const { kind } = t.info;
  const entries = new Map<number, HistoryEntry>();
  if (kind === 'Deployment') {
    for (const rs of deploymentReplicaSets(ctx, t.obj)) {
      const v = revisionOf(rs);
      if (v !== undefined) entries.set(v, { template: rs.spec?.template ?? {}, changeCause: rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] });
    }
    return { entries, changeCauseColumn: true };
  }
  if (kind === 'DaemonSet' || kind === 'StatefulSet') {
    for (const r of controllerRevisions(ctx, t.obj)) {
      entries.set(r.revision, { template: revisionTemplate(r), changeCause: r.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] });
    }
    // StatefulSet history prints revisions only.
    return { entries, changeCauseColumn: kind === 'DaemonSet' };
  }
  throw new CommandError(`no history viewer has been implemented for "${groupKind(t.info)}"`);
}

export function viewHistory(ctx: KubectlContext, t: Target, revision: number): string {
  const { entries, changeCauseColumn } = historyOf(ctx, t);
  if (entries.size === 0) return 'No rollout history found.';
  if (revision > 0) {
    const entry = entries.get(revision);
    if (!entry) throw new CommandError('unable to find the specified revision');
    return printTemplate(entry.template);
  }
  const revisions = [...entries.keys()].sort((a, b) => a - b);
  const rows = changeCauseColumn
    ? ['REVISION\tCHANGE-CAUSE', ...revisions.map((r) => `${r}\t${entries.get(r)!.changeCause || '<none>'}`)]
    : ['REVISION', ...revisions.map(String)];
  return tabwrite(rows.join('\n') + '\n', DESCRIBE_TABWRITER);
}

export function historyCommand(ctx: KubectlContext, args: ParsedArgs, resources: string[]): number {
  const revision = intFlag(args, 'revision', 0);
  if (revision < 0) throw new CommandError(`revision must be a positive integer: ${revision}`);
  return visitTargets(ctx, args, resources, (t) => {
    const info = viewHistory(ctx, t, revision);
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    // The name printer's "<name> <operation>", the operation being "<with revision>\n<history>".
    ctx.out.push(`${resourceName(t.info, t.obj.metadata.name ?? '')} ${withRevision}\n${info}`);
  });
}
