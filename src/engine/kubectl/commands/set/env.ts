// kubectl set env (TYPE NAME | TYPE/NAME) KEY=VAL … KEY- [-e KEY=VAL] [-c CONTAINERS] [--overwrite] [--list].
import type { Container, EnvVar, EnvVarSource } from 'kubernetes-types/core/v1';
import { regexError } from '../../../api/validation.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../../flags.ts';
import { noPodTemplate, podSpecOf, selectContainers } from '../podtemplate.ts';
import { findTargets, objectName } from '../targets.ts';
import { editPodSpecs } from './podspecs.ts';

export const ENV_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_NAME_MSG = regexError("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit", ENV_NAME_FMT, 'my.env-name', 'MY_ENV.NAME', 'MyEnvName1');

const isEnvArg = (s: string) => /^.+=/s.test(s) || s.endsWith('-');

/** SplitEnvironmentFromResources: resources first, then KEY=VAL / KEY- arguments. */
function splitEnvironment(args: string[]): { resources: string[]; envArgs: string[] } {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const s of args) {
    if (isEnvArg(s)) envArgs.push(s);
    else if (envArgs.length) throw new CommandError(`all resources must be specified before environment changes: ${args.join(' ')}`);
    else resources.push(s);
  }
  return { resources, envArgs };
}

/** ParseEnv: KEY=VAL to set (validated names), KEY- to remove, not both for one key. */
function parseEnv(specs: string[]): { env: EnvVar[]; remove: string[] } {
  const env: EnvVar[] = [];
  const remove: string[] = [];
  for (const s of specs) {
    if (s === '-') throw new CommandError('environment variables from STDIN are not available in the simulator');
    if (s.includes('=')) {
      const i = s.indexOf('=');
      const name = s.slice(0, i);
      if (!new RegExp(`^${ENV_NAME_FMT}$`).test(name)) throw new CommandError(`"${name}" is not a valid key name: ${ENV_NAME_MSG}`);
      env.push({ name, value: s.slice(i + 1) });
    } else if (s.endsWith('-')) remove.push(s.slice(0, -1));
    else throw new CommandError(`unknown environment variable: ${s}`);
  }
  if (remove.some((r) => env.some((e) => e.name === r))) throw new CommandError('can not both modify and remove the same environment variable in the same command');
  return { env, remove };
}

/** updateEnv: existing variables keep their place (replaced or removed), new ones are appended. */
function updateEnv(existing: EnvVar[], env: EnvVar[], remove: string[]): EnvVar[] {
  const covered = new Set(remove);
  const out: EnvVar[] = [];
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = env.find((n) => n.name === e.name);
    if (newer) covered.add(e.name);
    out.push(newer ?? e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** GetEnvVarRefString. */
function refString(from: EnvVarSource): string {
  if (from.configMapKeyRef) return `configmap ${from.configMapKeyRef.name}, key ${from.configMapKeyRef.key}`;
  if (from.secretKeyRef) return `secret ${from.secretKeyRef.name}, key ${from.secretKeyRef.key}`;
  if (from.fieldRef) return `field path ${from.fieldRef.fieldPath}`;
  if (from.resourceFieldRef) {
    const prefix = from.resourceFieldRef.containerName ? `${from.resourceFieldRef.containerName}/` : '';
    return `resource field ${prefix}${from.resourceFieldRef.resource}`;
  }
  return 'invalid valueFrom';
}

function setEnv(c: Container, env: EnvVar[], remove: string[], overwrite: boolean): void {
  if (!overwrite) {
    for (const e of env) {
      const current = c.env?.find((x) => x.name === e.name);
      if (current && current.value !== e.value) throw new Error(`'${current.name}' already has a value (${current.value ?? ''}), and --overwrite is false`);
    }
  }
  const next = updateEnv(c.env ?? [], env, remove);
  if (next.length) c.env = next; else delete c.env;
}

export function setEnvCommand(ctx: KubectlContext, args: ParsedArgs, rest: string[]): number {
  if (boolFlag(args, 'all') && flag(args, 'selector') !== undefined) throw new CommandError('cannot set --all and --selector at the same time');
  const { resources, envArgs } = splitEnvironment(rest);
  if (resources.length < 1) throw new CommandError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  const list = boolFlag(args, 'list');
  if (list && flag(args, 'output')) throw new CommandError('--list and --output may not be specified together');
  const { env, remove } = parseEnv([...(args.flags.get('env') ?? []), ...envArgs]);
  const selector = flag(args, 'containers') ?? '*';
  const overwrite = flag(args, 'overwrite') !== 'false';
  if (list) return listEnv(ctx, args, resources, selector, (c) => setEnv(c, env, remove, overwrite));
  return editPodSpecs(ctx, args, resources, {
    operation: 'env updated',
    patchFailure: 'failed to patch env update to pod template: ',
    edit(spec, t) {
      const containers = selectContainers(spec, selector);
      if (!containers.length) ctx.err.push(`warning: ${t.info.kind}/${t.obj.metadata.name} does not have any containers matching "${selector}"`);
      for (const c of containers) setEnv(c, env, remove, overwrite);
    },
  });
}

/** --list: the environment each selected container would have, changes applied, nothing written. */
function listEnv(ctx: KubectlContext, args: ParsedArgs, resources: string[], selector: string, apply: (c: Container) => void): number {
  const { targets, errors } = findTargets(ctx, args, resources);
  if (errors.length) {
    ctx.err.push(...errors);
    return 1;
  }
  let code = 0;
  for (const t of targets) {
    try {
      const spec = podSpecOf(structuredClone(t.obj));
      if (!spec) throw new Error(noPodTemplate(t.info));
      for (const c of selectContainers(spec, selector)) {
        apply(c);
        ctx.out.push(`# ${t.info.kind} ${t.obj.metadata.name}, container ${c.name}`);
        for (const e of c.env ?? []) ctx.out.push(e.valueFrom ? `# ${e.name} from ${refString(e.valueFrom)}` : `${e.name}=${e.value ?? ''}`);
      }
    } catch (err) {
      ctx.err.push(`error: ${objectName(t)} ${(err as Error).message}`);
      code = 1;
    }
  }
  return code;
}
