// kubectl expose (-f FILE | TYPE NAME | TYPE/NAME) [--port] [--target-port] [--protocol] [--name] [--type]
// [--selector] [--labels] [--external-ip] [--cluster-ip] [--session-affinity]: a Service for a pod, service,
// replication controller, deployment or replica set, its selector and ports read from the object when not given.
import type { KubeObject } from '../../../api/object.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { flag, type ParsedArgs } from '../../flags.ts';
import { applyOverrides } from '../overrides.ts';
import { checkOutput, dryRunOf, printResult } from '../printresult.ts';
import { findFileTargets, findTargets, NO_RESOURCES } from '../targets.ts';
import { hasFilenames } from '../../filenames.ts';
import { checkExposable, portsFor, protocolsFor, selectorFor } from './introspect.ts';
import { buildService, makeLabelSpec } from './service.ts';
import { commandNamespace } from '../../namespace.ts';

/** DNS1035LabelMaxLength: a longer object name is cut to make the Service's. */
const MAX_NAME = 63;

function introspectedSelector(obj: KubeObject): string {
  try {
    return selectorFor(obj);
  } catch (e) {
    throw new CommandError(`couldn't retrieve selectors via --selector flag or introspection: ${(e as Error).message}`);
  }
}

export function exposeCommand(ctx: KubectlContext, args: ParsedArgs): number {
  checkOutput(args);
  const dryRun = dryRunOf(args);
  const files = hasFilenames(args);
  if (!files && !args.positional.length) throw new CommandError(NO_RESOURCES);
  // --selector is the Service's selector here, not a filter on the objects to expose.
  const lookup: ParsedArgs = { ...args, flags: new Map([...args.flags].filter(([k]) => k !== 'selector')) };
  const { targets, errors } = files ? findFileTargets(ctx, args, commandNamespace(ctx, args)) : findTargets(ctx, lookup, args.positional);
  if (errors.length) {
    ctx.err.push(...errors);
    return 1;
  }
  const namespace = flag(args, 'namespace');
  const clusterIP = flag(args, 'cluster-ip');
  const serviceInfo = ctx.store.info('Service');
  for (const { info, obj } of targets) {
    checkExposable(info);
    const selector = flag(args, 'selector') || introspectedSelector(obj);
    let ports = flag(args, 'port') ?? '';
    if (!ports) {
      const found = portsFor(obj);
      if (!found.length && clusterIP !== 'None') throw new CommandError("couldn't find port via --port flag or introspection");
      ports = found.join(',');
    }
    const service = applyOverrides(args, buildService({
      name: flag(args, 'name') || (obj.metadata.name ?? '').slice(0, MAX_NAME),
      selector,
      labels: flag(args, 'labels') || makeLabelSpec(obj.metadata.labels),
      ports,
      protocol: flag(args, 'protocol'),
      protocols: protocolsFor(obj),
      targetPort: flag(args, 'target-port'),
      externalIP: flag(args, 'external-ip'),
      type: flag(args, 'type'),
      loadBalancerIP: flag(args, 'load-balancer-ip'),
      sessionAffinity: flag(args, 'session-affinity'),
      clusterIP,
      namespace,
    }));
    if (dryRun === 'client') {
      printResult(ctx, args, serviceInfo, service, 'exposed');
      continue;
    }
    const created = ctx.store.create({ ...service, metadata: { ...service.metadata, namespace: commandNamespace(ctx, args).namespace } }, { dryRun: dryRun === 'server' });
    printResult(ctx, args, serviceInfo, created, 'exposed');
  }
  return 0;
}
