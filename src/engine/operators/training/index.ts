// The training operator: PyTorchJob (Kubeflow Training Operator), gang-scheduled through PodGroups.
import type { BuiltinOperator } from '../operator.ts';
import { GANG_SCHEDULER, PyTorchJobController } from './controller.ts';
import { PYTORCHJOB_CRD } from './crd.ts';

export const trainingOperator: BuiltinOperator = {
  name: 'training',
  description: 'Kubeflow Training Operator: PyTorchJob (kubeflow.org/v1), master and workers gang-scheduled with a PodGroup',
  crds: [PYTORCHJOB_CRD],
  controllers: (deps) => [new PyTorchJobController(deps)],
  schedulerName: GANG_SCHEDULER,
};
