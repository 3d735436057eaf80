// kubectl scale: set spec.replicas (the scale subresource), optionally only if --current-replicas matches.
import { CommandError, formatError, resourceName, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { conflict } from '../../apiserver/errors.ts';
import { namespaceOf } from '../namespace.ts';

/** Kinds with a scale subresource. */
export const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

export function scaleCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const replicasText = flag(args, 'replicas');
  if (replicasText === undefined) throw new CommandError('required flag(s) "replicas" not set');
  const replicas = Number(replicasText);
  if (!Number.isInteger(replicas)) throw new CommandError(`invalid argument "${replicasText}" for "--replicas" flag: strconv.ParseInt: parsing "${replicasText}": invalid syntax`);
  if (replicas < 0) throw new CommandError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  const current = flag(args, 'current-replicas');
  const namespace = namespaceOf(ctx, args);
  const resources = resolveResourceArgs(ctx.store, args.positional);
  if (!resources.length || resources.every((r) => !r.names.length)) throw new CommandError('resource(s) were provided, but no name was specified');
  let code = 0;
  for (const { info, names } of resources) {
    for (const name of names) {
      try {
        if (!SCALABLE.has(info.kind) && !info.custom?.scale) throw new CommandError(`cannot scale ${info.plural}: no scale subresource`);
        const obj = ctx.store.get(info.kind, namespace, name);
        // A custom resource's scale subresource reads and writes the CRD's specReplicasPath.
        const path = (info.custom?.scale?.specReplicasPath ?? '.spec.replicas').slice(1).split('.');
        const found = path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
        const have = typeof found === 'number' ? found : info.custom ? 0 : 1;
        if (current !== undefined && Number(current) !== have) {
          throw conflict(info, name, `expected ${current} replicas, found ${have}`);
        }
        // kubectl scale PATCHes the scale subresource: RBAC checks deployments/scale, not deployments, and admission sees it.
        ctx.store.patch(info.kind, obj.metadata.namespace, name, path.reduceRight<unknown>((v, k) => ({ [k]: v }), replicas), { request: { subresource: 'scale' } });
        ctx.out.push(`${resourceName(info, name)} scaled`);
      } catch (e) {
        ctx.err.push(formatError(e));
        code = 1;
      }
    }
  }
  return code;
}
