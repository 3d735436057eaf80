// DefaultIngressClass (plugin/pkg/admission/network/defaultingressclass): an Ingress created without a class (and
// without the legacy kubernetes.io/ingress.class annotation) gets the default IngressClass, the newest one when
// several are marked default.
import type { IngressClass } from 'kubernetes-types/networking/v1';
import type { AdmissionHost, AdmissionPlugin } from './plugin.ts';

const DEFAULT_ANNOTATION = 'ingressclass.kubernetes.io/is-default-class';
const LEGACY_ANNOTATION = 'kubernetes.io/ingress.class';

export function defaultIngressClassAdmission(host: AdmissionHost): AdmissionPlugin {
  return {
    name: 'DefaultIngressClass',
    admit(a) {
      if (a.operation !== 'CREATE' || a.kind.kind !== 'Ingress') return;
      const spec = ((a.object as { spec?: { ingressClassName?: string } }).spec ??= {});
      if (spec.ingressClassName || a.object.metadata.annotations?.[LEGACY_ANNOTATION] !== undefined) return;
      const defaults = host.store.list<IngressClass>('IngressClass').filter((c) => c.metadata.annotations?.[DEFAULT_ANNOTATION] === 'true');
      defaults.sort((x, y) => {
        const tx = x.metadata.creationTimestamp ?? '';
        const ty = y.metadata.creationTimestamp ?? '';
        return tx === ty ? (x.metadata.name! < y.metadata.name! ? -1 : 1) : tx > ty ? -1 : 1;
      });
      if (defaults.length) spec.ingressClassName = defaults[0].metadata.name;
    },
  };
}
