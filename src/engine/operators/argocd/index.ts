// Argo CD 2.13 (GitOps): the Application CRD, the application controller that keeps a namespace's objects in step
// with a folder of the editor's documents (the "Git repository", see repository.ts), and the default AppProject.
// The argocd command line (src/engine/argocd) reads and writes Applications through the API server.
import type { BuiltinOperator } from '../operator.ts';
import { ApplicationController } from './controller.ts';
import { ARGOCD_CRDS } from './crd.ts';
import { argocdManifests } from './manifests.ts';

export const argocdOperator: BuiltinOperator = {
  name: 'argocd',
  description: 'Argo CD 2.13: Application, AppProject (argoproj.io/v1alpha1), argocd-application-controller syncing folders of editor documents (repoURL kubesim://documents)',
  crds: ARGOCD_CRDS,
  manifests: argocdManifests,
  controllers: (deps) => [new ApplicationController(deps)],
};
