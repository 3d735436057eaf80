// kubectl set resources (TYPE NAME | TYPE/NAME) [-c CONTAINERS] [--limits=cpu=200m,memory=512Mi] [--requests=…].
import { canonicalQuantity, QuantityError } from '../../../api/quantity.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../../flags.ts';
import { selectContainers } from '../podtemplate.ts';
import { editPodSpecs } from './podspecs.ts';

/** populateResourceListV1: "cpu=100m,memory=256Mi" → canonical quantities (empty for no flag). */
export function parseResourceList(spec: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!spec) return out;
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new CommandError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      out[parts[0]] = canonicalQuantity(parts[1]);
    } catch (e) {
      if (e instanceof QuantityError) throw new CommandError(e.message);
      throw e;
    }
  }
  return out;
}

export function setResourcesCommand(ctx: KubectlContext, args: ParsedArgs, rest: string[]): number {
  if (boolFlag(args, 'all') && flag(args, 'selector') !== undefined) throw new CommandError('cannot set --all and --selector at the same time');
  const limitsText = flag(args, 'limits');
  const requestsText = flag(args, 'requests');
  if (!limitsText && !requestsText) throw new CommandError('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const limits = parseResourceList(limitsText);
  const requests = parseResourceList(requestsText);
  const selector = flag(args, 'containers') ?? '*';
  return editPodSpecs(ctx, args, rest, {
    operation: 'resource requirements updated',
    patchFailure: 'failed to patch resources update to pod template ',
    edit(spec, _t, errors) {
      const containers = selectContainers(spec, selector);
      if (!containers.length) errors.push(`error: unable to find container named ${selector}`);
      for (const c of containers) {
        const r = (c.resources ??= {});
        if (limitsText) r.limits = { ...(r.limits ?? {}), ...limits };
        if (requestsText) r.requests = { ...(r.requests ?? {}), ...requests };
      }
    },
  });
}
