// The operator editor's starter: a Website custom resource whose operator keeps one Deployment and one
// Service per Website. The CRD and a sample Website go to the manifest editor, the code to the operator editor.
import type { UserOperatorSource } from '../../worker/protocol.ts';

export const STARTER_CRD_NAME = 'website-crd.yaml';
export const STARTER_SAMPLE_NAME = 'website.yaml';

export const STARTER_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: websites.demo.kubesim.io
spec:
  group: demo.kubesim.io
  scope: Namespaced
  names:
    plural: websites
    singular: website
    kind: Website
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [image]
            properties:
              image: {type: string}
              replicas: {type: integer, minimum: 0}
`;

export const STARTER_SAMPLE = `apiVersion: demo.kubesim.io/v1
kind: Website
metadata:
  name: blog
spec:
  image: nginx:1.27
  replicas: 2
`;

const STARTER_CODE = `// reconcile(object, client) runs whenever a Website or an object it owns changes.
// object: the Website (undefined once it is deleted).
// client.get(kind, name) / client.list(kind): the Website and the objects it owns.
// client.create / update / updateStatus / patch / delete / event: writes, applied when reconcile returns.
// client.requeueAfter(seconds): reconcile again later. client.setControllerReference(child): own child.
interface Website {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; uid: string };
  spec: { image: string; replicas?: number };
}

function reconcile(site: Website | undefined, client: any): void {
  if (!site) return; // deleted: the garbage collector removes what it owned
  const name = site.metadata.name;
  const labels = { app: name };
  const replicas = site.spec.replicas ?? 1;

  const deployment = client.get('Deployment', name);
  if (!deployment) {
    client.create(client.setControllerReference({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, labels },
      spec: {
        replicas,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'web', image: site.spec.image, ports: [{ containerPort: 80 }] }] },
        },
      },
    }));
    client.event('Normal', 'Created', \`Created Deployment \${name}\`);
  } else if (deployment.spec.replicas !== replicas) {
    client.patch('Deployment', name, { spec: { replicas } });
  }

  if (!client.get('Service', name)) {
    client.create(client.setControllerReference({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name },
      spec: { selector: labels, ports: [{ port: 80 }] },
    }));
  }
}
`;

export const STARTER_OPERATOR: UserOperatorSource = {
  name: 'website-operator',
  kind: 'Website',
  owns: ['Deployment', 'Service'],
  language: 'typescript',
  code: STARTER_CODE,
};
