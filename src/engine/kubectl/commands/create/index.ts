// kubectl create -f FILE, or kubectl create SUBCOMMAND NAME …: build the object on the client, print it with
// --dry-run=client (-o yaml shows it as kubectl would send it), otherwise create it ("deployment.apps/web created").
import type { KubeObject } from '../../../api/object.ts';
import { StatusError } from '../../../apiserver/errors.ts';
import { CommandError, formatError, type KubectlContext } from '../../context.ts';
import { hasFilenames, readFilenames } from '../../filenames.ts';
import type { ParsedArgs } from '../../flags.ts';
import { parseManifests } from '../../manifests.ts';
import { checkOutput, dryRunOf, printResult } from '../printresult.ts';
import { namespaceGenerator, priorityClassGenerator, quotaGenerator, serviceAccountGenerator } from './cluster.ts';
import { configMapGenerator, secretGenericGenerator } from './configdata.ts';
import { usageError } from '../usage.ts';
import { validationDirective } from '../validate.ts';
import { fileObject } from '../fileobject.ts';
import type { Generator } from './generator.ts';
import { notServed, servedKind } from './objects.ts';
import { clusterRoleBindingGenerator, clusterRoleGenerator, roleBindingGenerator, roleGenerator } from './rbac.ts';
import { cronJobGenerator, deploymentGenerator, jobGenerator } from './workloads.ts';
import { secretDockerRegistryGenerator, secretTLSGenerator } from './secrets.ts';
import { serviceGenerators } from './service.ts';
import { ingressGenerator } from './ingress.ts';
import { podDisruptionBudgetGenerator } from './pdb.ts';
import { commandNamespace } from '../../namespace.ts';
import { createTokenCommand } from './token.ts';

const generators: Record<string, Generator> = {
  deployment: deploymentGenerator, deploy: deploymentGenerator,
  job: jobGenerator,
  cronjob: cronJobGenerator, cj: cronJobGenerator,
  namespace: namespaceGenerator, ns: namespaceGenerator,
  configmap: configMapGenerator, cm: configMapGenerator,
  serviceaccount: serviceAccountGenerator, sa: serviceAccountGenerator,
  priorityclass: priorityClassGenerator, pc: priorityClassGenerator,
  quota: quotaGenerator, resourcequota: quotaGenerator,
  role: roleGenerator, clusterrole: clusterRoleGenerator,
  rolebinding: roleBindingGenerator, clusterrolebinding: clusterRoleBindingGenerator,
  ingress: ingressGenerator, ing: ingressGenerator,
  poddisruptionbudget: podDisruptionBudgetGenerator, pdb: podDisruptionBudgetGenerator,
};

/** The subcommands that take a type before NAME: create secret TYPE, create service TYPE. */
const typed: Record<string, { aliases: string[]; types: Record<string, Generator> }> = {
  secret: { aliases: [], types: { generic: secretGenericGenerator, 'docker-registry': secretDockerRegistryGenerator, tls: secretTLSGenerator } },
  service: { aliases: ['svc'], types: serviceGenerators },
};

export function createCommand(ctx: KubectlContext, args: ParsedArgs): number {
  checkOutput(args);
  const [sub, ...rest] = args.positional;
  if (hasFilenames(args)) {
    if (sub !== undefined) throw usageError('create', `Unexpected args: [${args.positional.join(' ')}]`);
    return createFromFiles(ctx, args);
  }
  if (sub === undefined) {
    ctx.err.push('Error: must specify one of -f and -k');
    return 1;
  }
  if (sub === 'token') return createTokenCommand(ctx, args, rest);
  let generator: Generator | undefined = generators[sub];
  let path = sub;
  let nameArgs = rest;
  const group = Object.entries(typed).find(([name, g]) => name === sub || g.aliases.includes(sub));
  if (group) {
    const [type, ...after] = rest;
    generator = type === undefined ? undefined : group[1].types[type];
    if (!generator) throw new CommandError(`unknown command "${type ?? ''}" for "kubectl create ${group[0]}"`);
    path = `${group[0]} ${type}`;
    nameArgs = after;
  }
  if (!generator) throw usageError('create', `Unexpected args: [${args.positional.join(' ')}]`);
  const [name, ...command] = nameArgs;
  if (!name) throw usageError(`create ${path}`, 'NAME is required');
  return runGenerator(ctx, args, generator, name, command);
}

function runGenerator(ctx: KubectlContext, args: ParsedArgs, g: Generator, name: string, command: string[]): number {
  const { info, served } = servedKind(ctx, g.kind);
  // The generated object names its namespace only when --namespace was given; it is sent to the command's namespace.
  const ns = commandNamespace(ctx, args);
  const obj = g.build({ ctx, args, name, namespace: info.namespaced && ns.enforce ? ns.namespace : undefined, requestNamespace: ns.namespace, command });
  const dryRun = dryRunOf(args);
  if (dryRun === 'client') {
    printResult(ctx, args, info, obj, 'created');
    return 0;
  }
  try {
    if (!served) throw notServed();
    const toCreate: KubeObject = structuredClone(obj);
    if (info.namespaced) toCreate.metadata.namespace = ns.namespace;
    printResult(ctx, args, info, ctx.store.create(toCreate, { dryRun: dryRun === 'server' }), 'created');
    return 0;
  } catch (e) {
    if (!(e instanceof StatusError) || !g.failure) throw e;
    throw new CommandError(g.failure(e.message));
  }
}

/** kubectl create -f: every document created as it is, errors worded as kubectl words them. */
function createFromFiles(ctx: KubectlContext, args: ParsedArgs): number {
  const dryRun = dryRunOf(args);
  const ns = commandNamespace(ctx, args);
  const fieldValidation = validationDirective(args);
  let code = 0;
  for (const { text, source } of readFilenames(ctx, args)) {
    for (const m of parseManifests(text, source)) {
      const read = fileObject(ctx, m, source, ns);
      if ('error' in read) {
        ctx.err.push(read.error);
        code = 1;
        continue;
      }
      const { obj, info } = read;
      try {
        const created = dryRun === 'client' ? obj : ctx.store.create(obj, { dryRun: dryRun === 'server', fieldValidation });
        printResult(ctx, args, info, created, 'created');
      } catch (e) {
        ctx.err.push(e instanceof StatusError && e.reason !== 'Invalid' ? formatError(e, `error when creating "${source}"`) : formatError(e));
        code = 1;
      }
    }
  }
  return code;
}
