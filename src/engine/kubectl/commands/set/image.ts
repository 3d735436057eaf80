// kubectl set image (TYPE NAME | TYPE/NAME) CONTAINER=IMAGE … ("*" for every container, init containers too).
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { parsePairs, splitResourcesAndPairs } from '../pairs.ts';
import { editPodSpecs } from './podspecs.ts';

export function setImageCommand(ctx: KubectlContext, args: ParsedArgs, rest: string[]): number {
  const { resources, pairs } = splitResourcesAndPairs(rest, 'image');
  const images = parsePairs(pairs, 'image', false).set;
  const problems: string[] = [];
  if (resources.length < 1) problems.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (images.size < 1) problems.push('at least one image update is required');
  else if (images.size > 1 && images.has('*')) problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (problems.length) throw new CommandError(problems.join('\nerror: '));
  return editPodSpecs(ctx, args, resources, {
    operation: 'image updated',
    patchFailure: 'failed to patch image update to pod template: ',
    edit(spec, _t, errors) {
      for (const [name, image] of images) {
        let found = false;
        for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
          if (name === '*' || c.name === name) {
            c.image = image;
            found = true;
          }
        }
        if (!found) errors.push(`error: unable to find container named "${name}"`);
      }
    },
  });
}
