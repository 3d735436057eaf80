// ServiceAccount (plugin/pkg/admission/serviceaccount): a new pod runs as the "default" service account unless it
// names one, the account must exist, and the pod inherits its imagePullSecrets.
import type { Pod, ServiceAccount } from 'kubernetes-types/core/v1';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type Attributes } from './plugin.ts';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** Only pod creates; mirror pods (the kubelet's static pods) keep their spec untouched. */
function podCreate(a: Attributes): Pod | undefined {
  if (a.kind.kind !== 'Pod' || a.kind.group !== '' || a.operation !== 'CREATE') return undefined;
  return a.object as Pod;
}

const isMirror = (pod: Pod) => pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

export function serviceAccountAdmission({ store }: AdmissionHost): AdmissionPlugin {
  return {
    name: 'ServiceAccount',
    admit(a) {
      const pod = podCreate(a);
      if (!pod || isMirror(pod)) return;
      const spec = pod.spec!;
      if (!spec.serviceAccountName) spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT;
      spec.serviceAccount = spec.serviceAccountName; // the deprecated field mirrors it in v1
      const name = spec.serviceAccountName;
      const sa = store.tryGet<ServiceAccount>('ServiceAccount', a.namespace, name);
      // Simplification: upstream retries a missing "default" for about a second while the ServiceAccount controller
      // creates it in a new namespace; a request here cannot wait, so a missing default account is taken as on its way.
      if (!sa && name !== DEFAULT_SERVICE_ACCOUNT) {
        throw forbiddenFor(a, `error looking up service account ${a.namespace}/${name}: serviceaccount "${name}" not found`);
      }
      // Simplification: the projected kube-api-access-* token volume is not mounted (no credentials are simulated).
      if (sa?.imagePullSecrets?.length && !spec.imagePullSecrets?.length) {
        spec.imagePullSecrets = sa.imagePullSecrets.map((s) => ({ name: s.name }));
      }
    },
    validate(a) {
      const pod = podCreate(a);
      if (!pod || isMirror(pod)) return;
      if (!pod.spec?.serviceAccountName) {
        throw forbiddenFor(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
      }
    },
  };
}
