import { describe, expect, it } from 'vitest';
import { fieldErrors, fieldPath, onFieldLines } from './fieldMarkers.ts';

const web = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
  selector:
    matchLabels: {app: web}
  template:
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          requests:
            cpu: "-1"
`;

describe('markers on the fields an error names', () => {
  it.each([
    ['spec.replicas', ['spec', 'replicas']],
    ['spec.template.spec.containers[0].resources.requests[cpu]', ['spec', 'template', 'spec', 'containers', 0, 'resources', 'requests', 'cpu']],
    ['metadata.labels[app.kubernetes.io/name]', ['metadata', 'labels', 'app.kubernetes.io/name']],
  ])('field path %s', (field, path) => expect(fieldPath(field)).toEqual(path));

  it('splits a list of field errors, keeping the head', () => {
    const msg = 'The Deployment "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.spec.containers[0].image: Required value]';
    expect(fieldErrors(msg)).toEqual([
      { field: 'spec.replicas', message: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0' },
      { field: 'spec.template.spec.containers[0].image', message: 'The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value' },
    ]);
    expect(fieldErrors('namespaces "shop" not found')).toEqual([]);
  });

  it('moves a document marker to the lines of its fields, after a first document too', () => {
    const text = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\n${web}`;
    const msg = 'The Deployment "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0, spec.template.metadata.labels: Required value]';
    const markers = onFieldLines([{ startLine: 6, endLine: 22, message: msg, severity: 'error' }], text);
    expect(markers.map((m) => [m.startLine, m.endLine])).toEqual([[11, 11], [21, 21], [14, 14]]); // labels: missing, at template
    expect(markers[0].message).toBe('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });

  it('keeps the document range when the message names no field', () => {
    const m = { startLine: 1, endLine: 4, message: 'namespaces "shop" not found', severity: 'error' as const };
    expect(onFieldLines([m], 'kind: Pod\nmetadata:\n  name: a\n  namespace: shop\n')).toEqual([m]);
  });
});
