// Admission for the API server: mutating (defaults, canonical quantities) then validating.
export { applyDefaults } from './defaults.ts';
export { canonicalizeQuantities } from './quantities.ts';
export { validateObject } from './validation.ts';
export { recordedEventValid } from './validation/event.ts';
export { AdmissionChain, defaultAdmissionChain } from './plugins/chain.ts';
export type { AdmissionHost, AdmissionPlugin, AdmissionStore, Attributes as AdmissionAttributes } from './plugins/plugin.ts';
