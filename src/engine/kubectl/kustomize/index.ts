// kubectl kustomize's engine: kustomize build over kubectl's files, printed as kustomize prints.
import type { KubeObject } from '../../api/object.ts';
import { toYaml } from '../printers/index.ts';

export { kustomizeBuild, type BuildOptions } from './build.ts';
export { KustomizeError } from './kustomization.ts';

/** The objects as `kubectl kustomize` prints them: YAML documents separated by "---", keys sorted. */
export function kustomizeYaml(objects: KubeObject[]): string {
  return objects.map((o) => toYaml(o)).join('---\n');
}
