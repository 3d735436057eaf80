import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../../testing/fixtures.ts';
import type { KubesimCluster } from '../../../index.ts';
import { EDIT_HEADER, hasLines, stripComments, writeHeader } from './header.ts';

const FILE = /"\/tmp\/kubectl-edit-\d+\.yaml"/;
const WIDGET_CRD = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget}\n  scope: Namespaced\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n';

function withWeb(): KubesimCluster {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
  c.advance(30);
  return c;
}
const live = (c: KubesimCluster, ref = 'deploy/web') => mustExec(c, `kubectl get ${ref} -o json`);

describe('kubectl edit: the temp file', () => {
  it('is the header, then the object as kubectl get -o yaml prints it; -o json has no header', () => {
    const c = withWeb();
    const { session } = c.editOpen('kubectl edit deployment/web');
    expect(session!.document).toBe(EDIT_HEADER + mustExec(c, 'kubectl get deployment web -o yaml'));
    expect(EDIT_HEADER).toBe("# Please edit the object below. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit. If an error occurs while saving this file will be\n# reopened with the relevant failures.\n#\n");
    expect(session!.file).toMatch(/^\/tmp\/kubectl-edit-\d+\.yaml$/);
    const json = c.editOpen('kubectl edit deploy web -o json').session!;
    expect(json.document).toBe(mustExec(c, 'kubectl get deployment web -o json'));
    expect(json.file).toMatch(/\.json$/);
    expect(c.editOpen('kubectl edit deploy web --windows-line-endings').session!.document).toBe(session!.document.replace(/\n/g, '\r\n'));
  });

  it('holds several objects as a List, and a type alone means every object of it', () => {
    const c = withWeb();
    mustExec(c, 'kubectl expose deploy web --port=80');
    const doc = c.editOpen('kubectl edit deploy/web svc/web').session!.document;
    expect(doc).toMatch(/^#\napiVersion: v1\nitems:\n- apiVersion: apps\/v1\n {2}kind: Deployment\n/m);
    expect(doc).toMatch(/\n {2}kind: Service\n[\s\S]*\nkind: List\nmetadata: \{\}\n$/);
    expect(c.editOpen('kubectl edit deployments').session!.originals.map((o) => o.metadata.name)).toEqual(['web']);
  });

  it('reports what it cannot open in kubectl\'s words', () => {
    const c = withWeb();
    const cases: [string, string][] = [
      ['kubectl edit', 'error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   \'-f rsrc.yaml\'\n   \'--filename=rsrc.json\'\n   \'<resource> <name>\'\n   \'<resource>\'\n'],
      ['kubectl edit deploy nope', 'Error from server (NotFound): deployments.apps "nope" not found\n'],
      ['kubectl edit deploy/web deploy/nope', 'Error from server (NotFound): deployments.apps "nope" not found\n'],
      ['kubectl edit deploy web --subresource=scale', 'error: invalid subresource value: "scale". Must be one of [status]\n'],
      ['kubectl edit deploy web -o wide', 'error: the edit mode doesn\'t support output the format "wide"\n'],
      ['kubectl edit statefulsets', 'error: edit cancelled, no objects found\n'],
      ['kubectl edit deploy web', 'error: unable to launch the editor "vi"\n'],
    ];
    for (const [line, stderr] of cases) expect({ line, ...c.exec(line) }).toEqual({ line, code: 1, stdout: '', stderr });
    expect(c.editOpen('kubectl edit deploy nope')).toEqual({ code: 1, stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n' });
  });
});

describe('kubectl edit: saving', () => {
  it('cancels without a write when nothing changed (comments and layout do not count) or the file is empty', () => {
    const c = withWeb();
    const before = live(c);
    const cases: [string, (doc: string) => string, string][] = [
      ['as opened', (d) => d, 'Edit cancelled, no changes made.\n'],
      ['header removed, comment added', (d) => d.replace(EDIT_HEADER, '').replace('spec:\n', 'spec: # the spec\n'), 'Edit cancelled, no changes made.\n'],
      ['flow style', () => JSON.stringify(JSON.parse(before)), 'Edit cancelled, no changes made.\n'],
      ['only comments', () => EDIT_HEADER, 'Edit cancelled, saved file was empty.\n'],
      ['empty', () => '', 'Edit cancelled, saved file was empty.\n'],
    ];
    for (const [name, editor, stderr] of cases) expect({ name, ...c.exec('kubectl edit deploy web', undefined, { editor }) }).toEqual({ name, code: 0, stdout: '', stderr });
    expect(live(c)).toBe(before);
  });

  it('sends a strategic merge patch for a built-in kind and prints "edited"', () => {
    const c = withWeb();
    const r = c.exec('kubectl edit deploy web --output-patch', undefined, { editor: (d) => d.replace('replicas: 3', 'replicas: 5') });
    expect(r).toEqual({ code: 0, stdout: 'Patch: {"spec":{"replicas":5}}\ndeployment.apps/web edited\n', stderr: '' });
    expect(JSON.parse(live(c)).spec.replicas).toBe(5);
    // A keyed list merges by key: the container's image changes, nothing else of it is sent.
    const image = c.exec('kubectl edit deploy web --output-patch', undefined, { editor: (d) => d.replace(/image: \S+/, 'image: nginx:1.28') });
    expect(image.stdout).toBe('Patch: {"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.28","name":"app"}]}}}}\ndeployment.apps/web edited\n');
  });

  it('sends a JSON merge patch for a custom resource (lists are replaced whole)', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', WIDGET_CRD);
    c.advance(1);
    mustExec(c, 'kubectl create -f -', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1, tags: [a, b], color: red}\n');
    const r = c.exec('kubectl edit widget w --output-patch', undefined, { editor: (d) => d.replace('size: 1', 'size: 2').replace('- b\n', '').replace('  color: red\n', '') });
    expect(r).toEqual({ code: 0, stdout: 'Patch: {"spec":{"color":null,"size":2,"tags":["a"]}}\nwidget.example.com/w edited\n', stderr: '' });
    expect(JSON.parse(live(c, 'widget/w')).spec).toEqual({ size: 2, tags: ['a'] });
  });

  it('prints "skipped" for the objects of a List that did not change', () => {
    const c = withWeb();
    mustExec(c, 'kubectl expose deploy web --port=80');
    const r = c.exec('kubectl edit deploy/web svc/web', undefined, { editor: (d) => d.replace('replicas: 3', 'replicas: 4') });
    expect(r).toEqual({ code: 0, stdout: 'deployment.apps/web edited\nservice/web skipped\n', stderr: '' });
  });

  it('reopens an invalid object with the API server\'s causes in the header; saving it unchanged again gives up', () => {
    const c = withWeb();
    const before = live(c);
    const opened = c.editOpen('kubectl edit deployment web').session!;
    const first = c.editSave(opened, opened.document.replace('replicas: 3', 'replicas: -1'));
    expect(first).toMatchObject({ code: 0, stdout: '', stderr: 'error: deployments.apps "web" is invalid\n' });
    const again = first.session!;
    expect(again.document.startsWith(`${EDIT_HEADER}# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\napiVersion: apps/v1\n`)).toBe(true);
    expect(again.document).toContain('replicas: -1');
    expect(again.file).not.toBe(opened.file);
    // Closing the reopened file without a change.
    const gaveUp = c.editSave(again, again.document);
    expect(gaveUp.session).toBeUndefined();
    expect(gaveUp.code).toBe(1);
    expect(gaveUp.stderr.replace(FILE, 'FILE')).toBe('A copy of your changes has been stored to FILE\nerror: Edit cancelled, no valid changes were saved.\n');
    expect(live(c)).toBe(before);
    // Or fixing it: the reopened file saves.
    const fixed = c.editSave(again, again.document.replace('replicas: -1', 'replicas: 2'));
    expect(fixed).toEqual({ code: 0, stdout: 'deployment.apps/web edited\n', stderr: '' });
  });

  it('reopens on an immutable field and on a syntax error', () => {
    const c = withWeb();
    const opened = c.editOpen('kubectl edit deploy web').session!;
    const immutable = c.editSave(opened, opened.document.replace(/matchLabels:\n(\s+)app: web/, 'matchLabels:\n$1app: web2').replace(/labels:\n(\s+)app: web\n(\s+)spec:\n(\s+)containers/, 'labels:\n$1app: web2\n$2spec:\n$3containers'));
    expect(immutable.stderr).toBe('error: deployments.apps "web" is invalid\n');
    expect(immutable.session!.document).toMatch(/^# deployments\.apps "web" was not valid:\n# \* spec\.selector: Invalid value: .*: field is immutable\n#\n/m);
    const syntax = c.editSave(opened, opened.document.replace('replicas: 3', 'replicas: [3'));
    expect(syntax).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(syntax.session!.document).toMatch(/^# The edited file had a syntax error: error parsing edited-file: error converting YAML to JSON: yaml: line \d+: .*\n#\n/m);
  });

  it('refuses a changed apiVersion, kind or name, and a moved namespace, keeping the file', () => {
    const c = withWeb();
    const before = live(c);
    const cases: [string, (d: string) => string, string][] = [
      ['name', (d) => d.replace('  name: web\n  namespace', '  name: web2\n  namespace'), 'At least one of apiVersion, kind and name was changed'],
      ['kind', (d) => d.replace('kind: Deployment', 'kind: StatefulSet'), 'At least one of apiVersion, kind and name was changed'],
      ['namespace', (d) => d.replace('namespace: default', 'namespace: other'), 'the namespace from the provided object "other" does not match the namespace "default". You must pass \'--namespace=other\' to perform this operation.'],
    ];
    for (const [name, editor, message] of cases) {
      const r = c.exec('kubectl edit deploy web', undefined, { editor });
      expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code: 1, stdout: '' });
      expect(r.stderr.replace(FILE, 'FILE')).toBe(`A copy of your changes has been stored to FILE\nerror: ${message}\n`);
    }
    expect(live(c)).toBe(before);
  });

  it('merges over changes made meanwhile; a stale resourceVersion in the file is a conflict that ends the edit', () => {
    const c = withWeb();
    const opened = c.editOpen('kubectl edit deploy web').session!;
    mustExec(c, 'kubectl label deploy web team=a');
    expect(c.editSave(opened, opened.document.replace('replicas: 3', 'replicas: 4'))).toEqual({ code: 0, stdout: 'deployment.apps/web edited\n', stderr: '' });
    const obj = JSON.parse(live(c));
    expect([obj.spec.replicas, obj.metadata.labels.team]).toEqual([4, 'a']);
    const stale = c.editOpen('kubectl edit deploy web').session!;
    const rv = JSON.parse(live(c)).metadata.resourceVersion;
    const r = c.editSave(stale, stale.document.replace(`resourceVersion: "${rv}"`, 'resourceVersion: "1"').replace('replicas: 4', 'replicas: 6'));
    expect(r.session).toBeUndefined();
    expect(r.code).toBe(1);
    expect(r.stderr.replace(/kubectl-edit-\d+/, 'kubectl-edit-N')).toBe('error: deployments.apps "web" could not be patched: Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again\nYou can run `kubectl replace -f /tmp/kubectl-edit-N.yaml` to try this update again.\n');
    expect(JSON.parse(live(c)).spec.replicas).toBe(4);
  });

  it('--save-config writes the last-applied annotation; -n edits in that namespace; --subresource=status patches status', () => {
    const c = withWeb();
    mustExec(c, 'kubectl create namespace dev');
    mustExec(c, 'kubectl create configmap cm -n dev --from-literal=k=1');
    expect(c.exec('kubectl edit cm cm -n dev --save-config', undefined, { editor: (d) => d.replace('k: "1"', 'k: "2"') })).toEqual({ code: 0, stdout: 'configmap/cm edited\n', stderr: '' });
    const cm = JSON.parse(mustExec(c, 'kubectl get cm cm -n dev -o json'));
    expect(JSON.parse(cm.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).data).toEqual({ k: '2' });
    const r = c.exec('kubectl edit deploy web --subresource=status', undefined, { editor: (d) => d.replace('replicas: 3', 'replicas: 7').replace(/observedGeneration: \d+/, 'observedGeneration: 42') });
    expect(r).toEqual({ code: 0, stdout: 'deployment.apps/web edited\n', stderr: '' });
    const obj = JSON.parse(live(c));
    expect([obj.spec.replicas, obj.status.observedGeneration]).toEqual([3, 42]);
  });
});

describe('kubectl edit: header helpers', () => {
  it('writes reasons as editHeader.writeTo does, continuing multi-line messages as comments', () => {
    expect(writeHeader([{ head: 'The edited file had a syntax error: a\nb', other: [] }, { head: 'x "y" was not valid', other: ['f: m'] }]))
      .toBe(`${EDIT_HEADER}# The edited file had a syntax error: a\n# b\n#\n# x "y" was not valid:\n# * f: m\n#\n`);
    expect(stripComments('# c\na: 1 # d\n')).toBe(stripComments('{"a": 1}'));
    expect(hasLines('# only\n\n  # comments\n')).toBe(false);
  });
});

describe('kubectl edit: properties', () => {
  it('an edit that changes nothing never writes; an edit that fails leaves the object byte-identical', () => {
    const c = withWeb();
    const rv = () => c.snapshot().resourceVersion;
    fc.assert(fc.property(
      fc.array(fc.constantFrom('# note', '', '   # indented note'), { maxLength: 4 }),
      fc.integer({ min: -1000, max: -1 }),
      fc.constantFrom('name', 'kind', 'namespace'),
      (comments, replicas, renamed) => {
        const before = live(c);
        const start = rv();
        const noChange = c.exec('kubectl edit deploy web', undefined, { editor: (d) => `${comments.join('\n')}\n${d}` });
        expect(noChange.stderr).toBe('Edit cancelled, no changes made.\n');
        expect(rv()).toBe(start);
        const invalid = c.exec('kubectl edit deploy web', undefined, { editor: (d) => d.replace(/replicas: \d+/, `replicas: ${replicas}`) });
        expect(invalid.code).toBe(1);
        const refused = c.exec('kubectl edit deploy web', undefined, { editor: (d) => renamed === 'name' ? d.replace('name: web\n  namespace', 'name: x\n  namespace') : renamed === 'kind' ? d.replace('kind: Deployment', 'kind: StatefulSet') : d.replace('namespace: default', 'namespace: x') });
        expect(refused.code).toBe(1);
        expect(live(c)).toBe(before);
        expect(rv()).toBe(start);
      },
    ), { numRuns: 10 });
  });
});
