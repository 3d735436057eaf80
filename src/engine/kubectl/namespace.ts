// The namespace a kubectl command works in (clientcmd's ClientConfig.Namespace): --namespace when given, else the
// kubeconfig context's namespace, else "default". Only an explicit --namespace is enforced: a manifest naming
// another namespace is refused then, and goes to its own namespace otherwise.
import type { KubectlContext } from './context.ts';
import { flag, type ParsedArgs } from './flags.ts';
import { contextNamespace } from './kubeconfig.ts';

export interface CommandNamespace {
  namespace: string;
  /** kubectl's enforceNamespace: the namespace came from --namespace. */
  enforce: boolean;
}

export function commandNamespace(ctx: KubectlContext, args: ParsedArgs): CommandNamespace {
  const explicit = flag(args, 'namespace');
  if (explicit) return { namespace: explicit, enforce: true };
  return { namespace: ctx.kubeconfig ? contextNamespace(ctx.kubeconfig, flag(args, 'context')) : 'default', enforce: false };
}

/** The namespace alone, for commands that only read or name objects. */
export function namespaceOf(ctx: KubectlContext, args: ParsedArgs): string {
  return commandNamespace(ctx, args).namespace;
}
