// The inference-serving operator: InferenceService → Deployment + Service + HorizontalPodAutoscaler.
import type { BuiltinOperator } from '../operator.ts';
import { InferenceServiceController } from './controller.ts';
import { INFERENCESERVICE_CRD } from './crd.ts';

export const servingOperator: BuiltinOperator = {
  name: 'serving',
  description: 'Inference serving: InferenceService (serving.kubesim.io/v1alpha1) → vLLM Deployment, Service and HPA',
  crds: [INFERENCESERVICE_CRD],
  controllers: (deps) => [new InferenceServiceController(deps)],
};
