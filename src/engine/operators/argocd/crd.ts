// Argo CD 2.13's CRDs as its install manifest declares them: Application (short names app, apps; the Sync Status
// and Health Status columns, Revision and Project in -o wide; no status subresource, as the controller writes the
// whole object) and AppProject (appproj, appprojs).
// Simplification: the specs are kept as written (x-kubernetes-preserve-unknown-fields) with the fields the
// controller needs required, rather than Argo's full OpenAPI schema.
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

const open = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const LABELS = { 'app.kubernetes.io/name': '', 'app.kubernetes.io/part-of': 'argocd' };

function crd(kind: string, plural: string, shortNames: string[], schema: object, columns: NonNullable<CustomResourceDefinition['spec']['versions'][0]['additionalPrinterColumns']>): Stored<CustomResourceDefinition> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.argoproj.io`, labels: { ...LABELS, 'app.kubernetes.io/name': `${plural}.argoproj.io` } },
    spec: {
      group: 'argoproj.io', scope: 'Namespaced',
      names: { kind, plural, singular: kind.toLowerCase(), shortNames, listKind: `${kind}List` },
      versions: [{ name: 'v1alpha1', served: true, storage: true, ...(columns.length ? { additionalPrinterColumns: columns } : {}), schema: { openAPIV3Schema: schema as never } }],
    },
  };
}

export const APPLICATION_CRD = crd('Application', 'applications', ['app', 'apps'], {
  type: 'object', required: ['metadata', 'spec'],
  properties: {
    spec: {
      type: 'object', required: ['destination', 'project'], 'x-kubernetes-preserve-unknown-fields': true,
      properties: {
        source: { type: 'object', required: ['repoURL'], 'x-kubernetes-preserve-unknown-fields': true, properties: { repoURL: { type: 'string' }, path: { type: 'string' }, targetRevision: { type: 'string' } } },
        destination: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { server: { type: 'string' }, namespace: { type: 'string' }, name: { type: 'string' } } },
        project: { type: 'string' },
      },
    },
    status: open,
    operation: open,
  },
}, [
  { name: 'Sync Status', type: 'string', jsonPath: '.status.sync.status' },
  { name: 'Health Status', type: 'string', jsonPath: '.status.health.status' },
  { name: 'Revision', type: 'string', jsonPath: '.status.sync.revision', priority: 10 },
  { name: 'Project', type: 'string', jsonPath: '.spec.project', priority: 10 },
]);

export const APPPROJECT_CRD = crd('AppProject', 'appprojects', ['appproj', 'appprojs'], {
  type: 'object', required: ['metadata', 'spec'], properties: { spec: open, status: open },
}, []);

export const ARGOCD_CRDS = [APPLICATION_CRD, APPPROJECT_CRD];
