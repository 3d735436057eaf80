// admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding (GA in v1.30):
// the kinds the API server serves. Their shapes are kubernetes-types'; the admission plugin that enforces them is
// apiserver/admission/plugins/validatingadmissionpolicy.
import type { KindInfo } from './kinds.ts';

export const ADMISSION_POLICY_KINDS: KindInfo[] = [
  { kind: 'ValidatingAdmissionPolicy', group: 'admissionregistration.k8s.io', version: 'v1', plural: 'validatingadmissionpolicies', singular: 'validatingadmissionpolicy', shortNames: [], namespaced: false, hasStatus: true },
  { kind: 'ValidatingAdmissionPolicyBinding', group: 'admissionregistration.k8s.io', version: 'v1', plural: 'validatingadmissionpolicybindings', singular: 'validatingadmissionpolicybinding', shortNames: [], namespaced: false, hasStatus: false },
];
