// NamespaceLifecycle (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle): nothing is written into a namespace
// that does not exist, and nothing is created in one that is being terminated. (Refusing to delete default,
// kube-system and kube-public is the store's delete.)
import type { Namespace } from 'kubernetes-types/core/v1';
import { notFound } from '../../errors.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type Attributes } from './plugin.ts';

/** v1.NamespaceTerminatingCause, which controllers check to stop retrying creates. */
export const NAMESPACE_TERMINATING_CAUSE = 'NamespaceTerminating';

export function namespaceLifecycle({ store }: AdmissionHost): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    admit(a: Attributes) {
      // Cluster-scoped objects and namespaces themselves are always allowed.
      if (!a.namespace || a.kind.kind === 'Namespace') return;
      const ns = store.tryGet<Namespace>('Namespace', undefined, a.namespace);
      if (!ns) throw notFound(store.kinds.byKindName('Namespace')!, a.namespace);
      if (a.operation !== 'CREATE' || ns.status?.phase !== 'Terminating') return;
      const err = forbiddenFor(a, `unable to create new content in namespace ${a.namespace} because it is being terminated`);
      err.status.details = {
        ...err.status.details,
        causes: [{ reason: NAMESPACE_TERMINATING_CAUSE, message: `namespace ${a.namespace} is being terminated`, field: 'metadata.namespace' }],
      };
      throw err;
    },
  };
}
