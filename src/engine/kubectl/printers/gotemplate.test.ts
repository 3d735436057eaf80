// kubectl get -o go-template / template / go-template-file, and the -file forms of jsonpath and custom-columns:
// Go's text/template with kubectl's functions (exists, base64decode) and texts for bad templates.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

let c: KubesimCluster;
beforeAll(() => {
  c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl create deployment web --image=nginx --replicas=2');
  mustExec(c, 'kubectl create secret generic db --from-literal=password=hunter2');
  mustExec(c, 'kubectl create configmap a');
  c.setFile('names.tmpl', '{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}');
  c.setFile('cols.txt', 'NAME   REPLICAS\nmetadata.name   spec.replicas\n');
  c.setFile('bad-cols.txt', 'NAME REPLICAS\nmetadata.name\n');
  c.setFile('name.jsonpath', '{.metadata.name}');
});

describe('kubectl get -o go-template', () => {
  it.each([
    [`deploy web -o go-template={{.spec.replicas}}`, '2'],
    [`deploy web -o template='{{.metadata.name}}/{{.nope}}'`, 'web/<no value>'],
    [`secret db -o go-template='{{.data.password | base64decode}}'`, 'hunter2'],
    [`deploy web -o go-template='{{if exists . "spec" "template" "spec"}}yes{{end}}{{if exists . "spec" "nope"}}no{{end}}'`, 'yes'],
    [`deploy web -o go-template='{{len .spec.template.spec.containers}} {{index .metadata.labels "app"}}'`, '1 web'],
    [`deploy web -o go-template='{{printf "%q %v" .kind .spec.replicas}}'`, '"Deployment" 2'],
    [`configmaps -o go-template-file=names.tmpl`, 'a\n'],
    [`deploy web -o jsonpath-file=name.jsonpath`, 'web'],
    [`deploy -o custom-columns-file=cols.txt`, 'NAME   REPLICAS\nweb    2\n'],
  ])('get %s', (args, stdout) => {
    expect(c.exec(`kubectl get ${args}`)).toEqual({ code: 0, stdout, stderr: '' });
  });

  it.each([
    [`deploy web -o go-template='{{.spec.replicas | upper}}'`, 'error: error parsing template {{.spec.replicas | upper}}, template: output:1: function "upper" not defined\n'],
    [`deploy web -o go-template='{{.spec}'`, 'error: error parsing template {{.spec}, template: output:1: unexpected "}" in command\n'],
    [`deploy web -o go-template-file=none.tmpl`, 'error: error reading template none.tmpl, open none.tmpl: no such file or directory\n'],
    [`deploy -o custom-columns-file=bad-cols.txt`, "error: number of headers (2) and field specifications (1) don't match\n"],
    [`deploy web -o go-template='{{.metadata.name | base64decode}}'`, /^error: error executing template "\{\{\.metadata\.name \| base64decode\}\}": Error executing template: template: output:1:19: executing "output" at <base64decode>: error calling base64decode: base64 decode failed: /],
  ])('refuses %s', (args, stderr) => {
    const r = c.exec(`kubectl get ${args}`);
    expect(r.code).toBe(1);
    if (typeof stderr === 'string') expect(r.stderr).toBe(stderr); else expect(r.stderr).toMatch(stderr);
  });
});
