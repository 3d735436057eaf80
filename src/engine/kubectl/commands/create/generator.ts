// The shape of a "kubectl create SUBCOMMAND NAME" generator: the object it builds on the client and how it
// words a failed create.
import type { KubeObject } from '../../../api/object.ts';
import type { KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';

export interface CreateInput {
  ctx: KubectlContext;
  args: ParsedArgs;
  name: string;
  /** The namespace given with -n (kubectl sets metadata.namespace only then). */
  namespace?: string;
  /** The namespace the object is sent to: --namespace, else the kubeconfig context's. */
  requestNamespace: string;
  /** Arguments after NAME: the command of a deployment, job or cronjob. */
  command: string[];
}

export interface Generator {
  kind: string;
  /** "failed to create deployment: %v"; without it the API error is printed as it is. */
  failure?: (message: string) => string;
  build(input: CreateInput): KubeObject;
}
