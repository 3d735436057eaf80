// kubectl rollout restart | pause | resume: a local edit of the object (ObjectRestarter, ObjectPauser,
// ObjectResumer) sent as a strategic merge patch. Restart stamps the pod template with the (virtual) time.
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { qualifiedResource } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { jsonEqual } from '../../../apiserver/patch/mergepatch.ts';
import { resourceName, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { patchEdited } from '../podtemplate.ts';
import type { Target } from '../targets.ts';
import { visitTargets } from './target.ts';

const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

type Edit = (obj: KubeObject, ctx: KubectlContext) => void;

/** An edit that is refused: kubectl prints it as `<resource>.<group> "<name>" <reason>`. */
class EditRefused extends Error {}

const specOf = (obj: KubeObject) => (obj.spec ??= {}) as { paused?: boolean; template?: PodTemplateSpec };

const restart: Edit = (obj, ctx) => {
  if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(obj.kind)) throw new EditRefused('restarting is not supported');
  const spec = specOf(obj);
  if (obj.kind === 'Deployment' && spec.paused) throw new EditRefused("can't restart paused deployment (run rollout resume first)");
  const meta = ((spec.template ??= {}).metadata ??= {});
  meta.annotations = { ...(meta.annotations ?? {}), [RESTARTED_AT]: ctx.clock.nowRFC3339() };
};

const pause: Edit = (obj) => {
  if (obj.kind !== 'Deployment') throw new EditRefused('pausing is not supported');
  if (specOf(obj).paused) throw new EditRefused('is already paused');
  specOf(obj).paused = true;
};

const resume: Edit = (obj) => {
  if (obj.kind !== 'Deployment') throw new EditRefused('resuming is not supported');
  if (!specOf(obj).paused) throw new EditRefused('is not paused');
  delete specOf(obj).paused; // false is omitted when Go encodes the Deployment
};

interface Patcher { edit: Edit; done: string; unchanged?: string }

const patchers: Record<string, Patcher> = {
  restart: { edit: restart, done: 'restarted' },
  pause: { edit: pause, done: 'paused', unchanged: 'already paused' },
  resume: { edit: resume, done: 'resumed', unchanged: 'already resumed' },
};

export function patcherCommand(ctx: KubectlContext, args: ParsedArgs, sub: 'restart' | 'pause' | 'resume', resources: string[]): number {
  const p = patchers[sub];
  return visitTargets(ctx, args, resources, (t: Target) => {
    const name = t.obj.metadata.name ?? '';
    const copy = structuredClone(t.obj);
    try {
      p.edit(copy, ctx);
    } catch (e) {
      if (e instanceof EditRefused) throw new Error(`${qualifiedResource(t.info)} "${name}" ${e.message}`);
      throw e;
    }
    const empty = jsonEqual(copy, t.obj);
    if (empty && p.unchanged) {
      ctx.out.push(`${resourceName(t.info, name)} ${p.unchanged}`);
      return;
    }
    try {
      patchEdited(ctx, t.obj, copy, '');
    } catch (e) {
      throw new Error(`failed to patch: ${(e as Error).message}`);
    }
    ctx.out.push(`${resourceName(t.info, name)} ${p.done}`);
    // A restart within the same second changes nothing; kubectl still sends the patch and says so.
    if (empty) throw new Error(`failed to create patch for ${name}: empty patch`);
  });
}
