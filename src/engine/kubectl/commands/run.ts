// kubectl run NAME --image=IMAGE [--env=K=V …] [--port=N [--expose]] [--labels=k=v,…] [--annotations=k=v …]
// [--restart=Always|OnFailure|Never] [--image-pull-policy=P] [--privileged] [--overrides=JSON] [--command] [-- ARGS…]:
// one Pod labelled run=NAME (and with --expose a ClusterIP Service of the same name selecting it).
import type { Container, EnvVar } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../apiserver/errors.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { newMeta } from './create/objects.ts';
import { durationFlag } from './numericflags.ts';
import { atoi, buildService, parseLabelSpec } from './expose/service.ts';
import { applyOverrides } from './overrides.ts';
import { parsePairs } from './pairs.ts';
import { checkOutput, dryRunOf, printResult, type DryRun } from './printresult.ts';
import { ENV_NAME_FMT } from './set/env.ts';
import { usageError } from './usage.ts';
import { namespaceOf } from '../namespace.ts';

/** distribution/reference's ReferenceRegexp: [domain[:port]/]path[:tag][@digest]. */
export const IMAGE_REFERENCE = (() => {
  const alnum = '[a-z0-9]+';
  const path = `${alnum}(?:(?:[._]|__|[-]+)${alnum})*`;
  const domainPart = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
  const host = `(?:${domainPart}(?:\\.${domainPart})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
  const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
  return new RegExp(`^(?:${host}/)?${path}(?:/${path})*(?::[\\w][\\w.-]{0,127})?(?:@${digest})?$`);
})();
const ENV_NAME = new RegExp(`^${ENV_NAME_FMT}$`);
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

/** RunOptions.Run's checks, in kubectl's order (most with the usage hint, as cmdutil.UsageErrorf words them). */
function validate(args: ParsedArgs, dryRun: DryRun): void {
  if (!args.positional.length || args.dashAt === 0) throw usageError('run', 'NAME is required for run');
  if (durationFlag(args, 'pod-running-timeout', 60_000) <= 0) throw usageError('run', '--pod-running-timeout must be higher than zero');
  const image = flag(args, 'image')!;
  if (!image) throw new CommandError('--image is required');
  if (!IMAGE_REFERENCE.test(image)) throw new CommandError(`Invalid image name "${image}": invalid reference format`);
  const stdin = boolFlag(args, 'stdin');
  if (boolFlag(args, 'tty') && !stdin) throw usageError('run', '-i/--stdin is required for containers with -t/--tty=true');
  if (boolFlag(args, 'expose') && !flag(args, 'port')) throw usageError('run', '--port must be set when exposing a service');
  const restart = flag(args, 'restart');
  if (restart && !RESTART_POLICIES.includes(restart)) throw usageError('run', `invalid restart policy: ${restart}`);
  // -i attaches unless --attach=false says otherwise.
  const attach = flag(args, 'attach') === undefined ? stdin : boolFlag(args, 'attach');
  if (!attach && boolFlag(args, 'rm')) throw usageError('run', '--rm should only be used for attached containers');
  if (attach && dryRun) throw usageError('run', "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  const pull = flag(args, 'image-pull-policy');
  if (pull && !PULL_POLICIES.includes(pull)) throw usageError('run', `invalid image pull policy: ${pull}`);
  if (attach) {
    // Simplification: the terminal has no stream to a container's stdin/stdout, so kubectl run cannot attach
    // (nor delete the pod when the attached session ends, --rm). Nothing is created.
    throw new CommandError('kubectl run cannot attach to a container in this terminal (-i, -t, --attach, --rm): run the pod without them, then use kubectl logs NAME or kubectl exec NAME -- COMMAND');
  }
}

/** parseEnvs: NAME=VALUE with a valid variable name. */
function parseEnvs(specs: string[]): EnvVar[] {
  return specs.map((s) => {
    const i = s.indexOf('=');
    if (i <= 0 || !ENV_NAME.test(s.slice(0, i))) throw new CommandError(`invalid env: ${s}`);
    return { name: s.slice(0, i), value: s.slice(i + 1) };
  });
}

/** The pod kubectl's BasicPod generator builds. */
function buildPod(args: ParsedArgs, name: string, commandArgs: string[]): KubeObject {
  const env = parseEnvs(args.flags.get('env') ?? []);
  const annotations = parsePairs(args.flags.get('annotations') ?? [], 'annotations', false).set;
  const labelsFlag = flag(args, 'labels');
  const labels = labelsFlag ? parseLabelSpec(labelsFlag) : { run: name };
  const stdin = boolFlag(args, 'stdin');
  const container: Container = {
    name,
    image: flag(args, 'image')!,
    resources: {},
    ...(stdin ? { stdin, ...(boolFlag(args, 'leave-stdin-open') ? {} : { stdinOnce: true }) } : {}),
    ...(boolFlag(args, 'tty') ? { tty: true } : {}),
    ...(boolFlag(args, 'privileged') ? { securityContext: { privileged: true } } : {}),
  };
  if (commandArgs.length) container[boolFlag(args, 'command') ? 'command' : 'args'] = commandArgs;
  if (env.length) container.env = env;
  const pullPolicy = flag(args, 'image-pull-policy');
  if (pullPolicy) container.imagePullPolicy = pullPolicy;
  const port = flag(args, 'port');
  if (port) container.ports = [{ containerPort: atoi(port) }];
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: newMeta(name, flag(args, 'namespace'), { labels, ...(annotations.size ? { annotations: Object.fromEntries(annotations) } : {}) }),
    spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: flag(args, 'restart') || 'Always' },
    status: {},
  } as KubeObject;
}

/** createGeneratedObject: sent to the command's namespace unless the dry run is the client's. */
function send(ctx: KubectlContext, args: ParsedArgs, obj: KubeObject, dryRun: DryRun): KubeObject {
  if (dryRun === 'client') return obj;
  return ctx.store.create({ ...obj, metadata: { ...obj.metadata, namespace: namespaceOf(ctx, args) } }, { dryRun: dryRun === 'server' });
}

export function runCommand(ctx: KubectlContext, args: ParsedArgs): number {
  // cobra checks the required flag before kubectl reads any other.
  if (flag(args, 'image') === undefined) throw new CommandError('required flag(s) "image" not set');
  const dryRun = dryRunOf(args);
  checkOutput(args);
  validate(args, dryRun);
  const [name, ...commandArgs] = args.positional;
  const pod = send(ctx, args, applyOverrides(args, buildPod(args, name, commandArgs)), dryRun);
  let code = 0;
  if (boolFlag(args, 'expose')) {
    // kubectl prints the Service as soon as it is created, before the Pod; a failure leaves the Pod created.
    try {
      const labels = flag(args, 'labels') ?? '';
      const service = send(ctx, args, buildService({ name, selector: labels || `run=${name}`, labels, ports: flag(args, 'port')!, namespace: flag(args, 'namespace') }), dryRun);
      printResult(ctx, args, ctx.store.info('Service'), service, 'created');
      if (flag(args, 'output') === 'yaml') ctx.out.push('---');
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      ctx.err.push(formatError(e));
      code = 1;
    }
  }
  printResult(ctx, args, ctx.store.info('Pod'), pod, 'created');
  return code;
}
