import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

function cluster() {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl create configmap b --from-literal=x=1');
  mustExec(c, 'kubectl create configmap a --from-literal=x=1 --from-literal=y=2');
  mustExec(c, 'kubectl label configmap a tier=db app.kubernetes.io/name=store');
  return c;
}

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });

describe('kubectl get -o jsonpath', () => {
  it('prints one object or the List of several, with kubectl\'s joining rules', () => {
    const c = cluster();
    expect(c.exec('kubectl get cm a -o jsonpath={.metadata.name}')).toEqual(ok('a'));
    expect(c.exec('kubectl get cm -o jsonpath={.items[*].metadata.name}')).toEqual(ok('a b'));
    expect(c.exec("kubectl get cm -o jsonpath='{range .items[*]}{.metadata.name}{\"\\t\"}{.data.x}{\"\\n\"}{end}'")).toEqual(ok('a\t1\nb\t1\n'));
    expect(c.exec('kubectl get cm a -o jsonpath={.data}')).toEqual(ok('{"x":"1","y":"2"}'));
    expect(c.exec("kubectl get cm -o jsonpath='{.items[?(@.metadata.labels.tier==\"db\")].metadata.name}'")).toEqual(ok('a'));
    expect(c.exec("kubectl get cm a -o jsonpath='{.metadata.labels.app\\.kubernetes\\.io/name}'")).toEqual(ok('store'));
    expect(c.exec('kubectl get cm a -o jsonpath={.missing}')).toEqual(ok(''));
    expect(c.exec('kubectl get cm a -o jsonpath=.metadata.name')).toEqual(ok('.metadata.name'));
  });

  it('reports parse and execution errors as kubectl does', () => {
    const c = cluster();
    expect(c.exec('kubectl get cm a -o jsonpath={.metadata.name')).toEqual({ code: 1, stdout: '', stderr: 'error: error parsing jsonpath {.metadata.name, unclosed action\n' });
    expect(c.exec('kubectl get cm -o jsonpath={.items[5]}').stderr).toBe('error: error executing jsonpath "{.items[5]}": Error executing template: array index out of bounds: index 5, length 2. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{.items[5]}\n');
  });
});

describe('kubectl get -o custom-columns, --sort-by and -L', () => {
  it('prints the columns, <none> for nothing, Go values for maps', () => {
    const c = cluster();
    expect(c.exec('kubectl get cm -o custom-columns=NAME:.metadata.name,TIER:.metadata.labels.tier,DATA:.data')).toEqual(ok(
      'NAME   TIER     DATA\na      db       map[x:1 y:2]\nb      <none>   map[x:1]\n'));
    expect(c.exec('kubectl get cm -o custom-columns=NAME:metadata.name --no-headers')).toEqual(ok('a\nb\n'));
    expect(c.exec('kubectl get cm -o custom-columns=NAME').stderr).toBe('error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n');
  });

  it('sorts by a field, missing values first', () => {
    const c = cluster();
    expect(c.exec('kubectl get cm -o jsonpath={.items[*].metadata.name} --sort-by=.data.y')).toEqual(ok('b a'));
    expect(c.exec('kubectl get cm --sort-by=.metadata.nope').stderr).toBe('error: couldn\'t find any field with path "{.metadata.nope}" in the list of objects\n');
  });

  it('adds a column per -L label', () => {
    const c = cluster();
    expect(c.exec('kubectl get cm -L tier -L app.kubernetes.io/name').stdout).toBe(
      'NAME   DATA   AGE   TIER   NAME\na      2      0s    db     store\nb      1      0s           \n'.replace(/ +\n/g, '\n'));
  });

  it('lists every output format in the error for an unknown one', () => {
    expect(cluster().exec('kubectl get cm -o wat').stderr).toBe('error: unable to match a printer suitable for the output format "wat", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n');
  });
});
