// kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json] [--subresource status].
import { parse as parseYaml } from 'yaml';
import { KUBECTL_YAML } from '../manifests.ts';
import type { PatchType } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { CommandError, formatError, resourceName, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { namespaceOf } from '../namespace.ts';

export function patchCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const text = flag(args, 'patch');
  if (text === undefined) throw new CommandError('must specify --patch or --patch-file containing the contents of the patch');
  const type = (flag(args, 'type') ?? 'strategic') as PatchType;
  if (!['strategic', 'merge', 'json'].includes(type)) throw new CommandError(`--type must be one of [json merge strategic], not "${type}"`);
  const subresource = flag(args, 'subresource');
  if (subresource !== undefined && subresource !== 'status') throw new CommandError(`invalid subresource value: "${subresource}". Must be one of [status scale]`);
  let patch: unknown;
  try {
    patch = parseYaml(text, KUBECTL_YAML);
  } catch (e) {
    throw new CommandError(`unable to parse "${text}": ${(e as Error).message.split('\n')[0]}`);
  }
  const namespace = namespaceOf(ctx, args);
  const resources = resolveResourceArgs(ctx.store, args.positional);
  if (!resources.length || resources.every((r) => !r.names.length)) throw new CommandError('resource(s) were provided, but no name was specified');
  let code = 0;
  for (const { info, names } of resources) {
    for (const name of names) {
      try {
        const ns = info.namespaced ? namespace : undefined;
        const before = ctx.store.get(info.kind, ns, name);
        // kubectl patch sends no fieldValidation: the API server's default for that is Warn.
        const after = ctx.store.patch(info.kind, ns, name, patch, { type, subresource: subresource === 'status' ? 'status' : undefined, fieldValidation: 'Warn' });
        const same = jsonEqual(before, after);
        ctx.out.push(`${resourceName(info, name)} patched${same ? ' (no change)' : ''}`);
      } catch (e) {
        ctx.err.push(formatError(e));
        code = 1;
      }
    }
  }
  return code;
}
