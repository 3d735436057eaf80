// kubectl autoscale (TYPE NAME | TYPE/NAME) --max=N [--min=N] [--cpu-percent=P] [--name=NAME]: an
// autoscaling/v2 HorizontalPodAutoscaler for something with a scale subresource.
import type { KubeObject } from '../../api/object.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { apiVersionOf } from '../../api/kinds.ts';
import { intFlag } from './numericflags.ts';
import { checkOutput, dryRunOf, printResult } from './printresult.ts';
import { SCALABLE } from './scale.ts';
import { findTargets } from './targets.ts';
import { notServed, servedKind } from './create/objects.ts';

export function autoscaleCommand(ctx: KubectlContext, args: ParsedArgs): number {
  checkOutput(args);
  if (flag(args, 'max') === undefined) throw new CommandError('required flag(s) "max" not set');
  const max = intFlag(args, 'max', -1);
  const min = intFlag(args, 'min', -1);
  const cpuPercent = intFlag(args, 'cpu-percent', -1);
  if (max < 1) throw new CommandError(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) throw new CommandError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  const { targets, errors } = findTargets(ctx, args, args.positional);
  if (errors.length) {
    ctx.err.push(...errors);
    return 1;
  }
  if (!targets.length) throw new CommandError('no objects passed to autoscale');
  const dryRun = dryRunOf(args);
  for (const { info, obj } of targets) {
    if (!SCALABLE.has(info.kind)) {
      throw new CommandError(`cannot autoscale a ${info.kind}: could not find scale subresource for ${info.group}/${info.version}, Resource=${info.plural} in discovery information`);
    }
    const name = flag(args, 'name') || obj.metadata.name!;
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      // kubectl sets the namespace only when -n was given (the server fills it in otherwise).
      metadata: { name, ...(flag(args, 'namespace') ? { namespace: obj.metadata.namespace } : {}), creationTimestamp: null as unknown as string },
      spec: {
        scaleTargetRef: { apiVersion: apiVersionOf(info), kind: info.kind, name: obj.metadata.name },
        ...(min > 0 ? { minReplicas: min } : {}),
        maxReplicas: max,
        ...(cpuPercent >= 0 ? { metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpuPercent } } }] } : {}),
      },
      status: { currentMetrics: null, desiredReplicas: 0 },
    };
    const { info: hpaInfo, served } = servedKind(ctx, 'HorizontalPodAutoscaler');
    if (dryRun === 'client') {
      printResult(ctx, args, hpaInfo, hpa, 'created');
      continue;
    }
    if (!served) throw notServed();
    const created = ctx.store.create({ ...hpa, metadata: { ...hpa.metadata, namespace: obj.metadata.namespace } }, { dryRun: dryRun === 'server' });
    printResult(ctx, args, hpaInfo, created, 'autoscaled');
  }
  return 0;
}
