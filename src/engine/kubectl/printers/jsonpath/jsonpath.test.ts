// Table tests from client-go's jsonpath_test.go, on JSON data (the form kubectl hands the engine).
import { describe, expect, it } from 'vitest';
import { JsonPath, relaxedJsonPathExpression } from './jsonpath.ts';

interface Case { name: string; template: string; input: unknown; expect?: string; error?: string | true }

function run(cases: Case[], allowMissingKeys: boolean): void {
  for (const c of cases) {
    it(c.name, () => {
      const exec = () => new JsonPath(c.template, allowMissingKeys).execute(c.input);
      if (c.error === true) expect(exec).toThrow();
      else if (c.error) expect(exec).toThrow(c.error);
      else expect(exec()).toBe(c.expect);
    });
  }
}

const types = {
  bools: [true, false, true, false],
  integers: [1, 2, 3, 4],
  floats: [1.0, 2.2, 3.3, 4.0],
  strings: ['one', 'two', 'three', 'four'],
  interfaces: [true, 'one', 1, 1.1],
  maps: [{ name: 'one', value: 1 }, { name: 'two', value: 2.02 }, { name: 'three', value: 3.03 }, { name: 'four', value: 4.04 }],
};

describe('jsonpath: slices of every type (TestTypesInput)', () => {
  run([
    { name: 'boolSlice', template: '{ .bools }', input: types, expect: '[true,false,true,false]' },
    { name: 'boolSliceIndex', template: '{ .bools[0] }', input: types, expect: 'true' },
    { name: 'boolSliceIndexLast', template: '{ .bools[-1] }', input: types, expect: 'false' },
    { name: 'boolSubSlice', template: '{ .bools[0:2] }', input: types, expect: 'true false' },
    { name: 'boolSubSliceFirst2', template: '{ .bools[:2] }', input: types, expect: 'true false' },
    { name: 'boolSubSliceStep2', template: '{ .bools[:4:2] }', input: types, expect: 'true true' },
    { name: 'integerSlice', template: '{ .integers }', input: types, expect: '[1,2,3,4]' },
    { name: 'integerSliceIndexReverse', template: '{ .integers[-2] }', input: types, expect: '3' },
    { name: 'integerSubSliceStep2', template: '{ .integers[:4:2] }', input: types, expect: '1 3' },
    { name: 'floatSlice', template: '{ .floats }', input: types, expect: '[1,2.2,3.3,4]' },
    { name: 'floatSliceIndexReverse', template: '{ .floats[-2] }', input: types, expect: '3.3' },
    { name: 'floatSubSliceStep2', template: '{ .floats[:4:2] }', input: types, expect: '1 3.3' },
    { name: 'stringSlice', template: '{ .strings }', input: types, expect: '["one","two","three","four"]' },
    { name: 'stringSubSliceFirst2', template: '{ .strings[0:2] }', input: types, expect: 'one two' },
    { name: 'interfaceSlice', template: '{ .interfaces }', input: types, expect: '[true,"one",1,1.1]' },
    { name: 'interfaceSubSliceStep2', template: '{ .interfaces[:4:2] }', input: types, expect: 'true 1' },
    { name: 'mapSliceIndex', template: '{ .maps[0] }', input: types, expect: '{"name":"one","value":1}' },
    { name: 'mapSubSliceStepOdd', template: '{ .maps[::2] }', input: types, expect: '{"name":"one","value":1} {"name":"three","value":3.03}' },
    { name: 'mapSubSliceStepEven', template: '{ .maps[1::2] }', input: types, expect: '{"name":"two","value":2.02} {"name":"four","value":4.04}' },
  ], false);
});

const store = {
  Name: 'jsonpath',
  Book: [
    { Category: 'reference', Author: 'Nigel Rees', Title: 'Sayings of the Centurey', Price: 8.95 },
    { Category: 'fiction', Author: 'Evelyn Waugh', Title: 'Sword of Honour', Price: 12.99 },
    { Category: 'fiction', Author: 'Herman Melville', Title: 'Moby Dick', Price: 8.99 },
  ],
  Bicycle: [{ Color: 'red', Price: 19.95, IsNew: true }, { Color: 'green', Price: 20.01, IsNew: false }],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

describe('jsonpath: the store (TestStructInput)', () => {
  run([
    { name: 'plain', template: 'hello jsonpath', input: null, expect: 'hello jsonpath' },
    { name: 'recursive', template: '{..}', input: [1, 2, 3], expect: '[1,2,3]' },
    { name: 'filter', template: '{[?(@<5)]}', input: [2, 6, 3, 7], expect: '2 3' },
    { name: 'quote', template: '{"{"}', input: null, expect: '{' },
    { name: 'union', template: '{[1,3,4]}', input: [0, 1, 2, 3, 4], expect: '1 3 4' },
    { name: 'array', template: '{[0:2]}', input: ['Monday', 'Tudesday'], expect: 'Monday Tudesday' },
    { name: 'variable', template: 'hello {.Name}', input: store, expect: 'hello jsonpath' },
    { name: 'dict/', template: '{$.Labels.web/html}', input: store, expect: '15' },
    { name: 'dict jason', template: '{$.Employees.jason}', input: store, expect: 'manager' },
    { name: 'dict-', template: '{.Labels.k8s-app}', input: store, expect: '20' },
    { name: 'nest', template: '{.Bicycle[*].Color}', input: store, expect: 'red green' },
    { name: 'allarray', template: '{.Book[*].Author}', input: store, expect: 'Nigel Rees Evelyn Waugh Herman Melville' },
    // Map values in key order (Go structs keep field order; JSON maps do not).
    { name: 'allfields', template: '{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}', input: store, expect: '{red true 19.95} {green false 20.01} ' },
    // Bicycle before Book: map keys in order.
    { name: 'recurfields', template: '{..Price}', input: store, expect: '19.95 20.01 8.95 12.99 8.99' },
    { name: 'recurdotfields', template: '{...Price}', input: store, expect: '19.95 20.01 8.95 12.99 8.99' },
    { name: 'superrecurfields', template: '{............................................................Price}', input: store, error: 'invalid multiple recursive descent' },
    { name: 'allstructs', template: '{range .Bicycle[*]}{ @ }{ " " }{end}', input: store, expect: '{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} ' },
    { name: 'lastarray', template: '{.Book[-1:]}', input: store, expect: '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}' },
    { name: 'recurarray', template: '{..Book[2]}', input: store, expect: '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}' },
    { name: 'bool', template: '{.Bicycle[?(@.IsNew==true)]}', input: store, expect: '{"Color":"red","IsNew":true,"Price":19.95}' },
  ], false);
  run([
    { name: 'nonexistent field (missing keys allowed)', template: '{.hello}', input: store, expect: '' },
    { name: 'nonexistent field 2', template: 'before-{.hello}after', input: store, expect: 'before-after' },
  ], true);
  run([
    { name: 'invalid identifier', template: '{hello}', input: store, error: 'unrecognized identifier hello' },
    { name: 'nonexistent field', template: '{.hello}', input: store, error: 'hello is not found' },
    { name: 'invalid array', template: '{.Labels[0]}', input: store, error: 'map[string]interface {} is not array or slice' },
    { name: 'invalid filter operator', template: '{.Book[?(@.Price<>10)]}', input: store, error: 'unrecognized filter operator <>' },
    { name: 'redundant end', template: '{range .Labels.*}{@}{end}{end}', input: store, error: 'not in range, nothing to end' },
  ], false);
});

const points = [
  { id: 'i1', x: 4, y: -5 }, { id: 'i2', x: -2, y: -5, z: 1 }, { id: 'i3', x: 8, y: 3 },
  { id: 'i4', x: -6, y: -1 }, { id: 'i5', x: 0, y: 2, z: 1 }, { id: 'i6', x: 1, y: 4 },
];

const nodes = {
  kind: 'List',
  items: [
    { kind: 'None', metadata: { name: '127.0.0.1', labels: { 'kubernetes.io/hostname': '127.0.0.1' } },
      status: { capacity: { cpu: '4' }, ready: true, addresses: [{ type: 'LegacyHostIP', address: '127.0.0.1' }] } },
    { kind: 'None', metadata: { name: '127.0.0.2', labels: { 'kubernetes.io/hostname': '127.0.0.2' } },
      status: { capacity: { cpu: '8' }, ready: false, addresses: [{ type: 'LegacyHostIP', address: '127.0.0.2' }, { type: 'another', address: '127.0.0.3' }] } },
  ],
  users: [{ name: 'myself', user: {} }, { name: 'e2e', user: { username: 'admin', password: 'secret' } }],
};

describe('jsonpath: JSON input and Kubernetes use cases (TestJSONInput, TestKubernetes)', () => {
  run([
    { name: 'exists filter', template: '{[?(@.z)].id}', input: points, expect: 'i2 i5' },
    { name: 'bracket key', template: "{[0]['id']}", input: points, expect: 'i1' },
    { name: 'range item', template: '{range .items[*]}{.metadata.name}, {end}{.kind}', input: nodes, expect: '127.0.0.1, 127.0.0.2, List' },
    { name: 'range item with quote', template: '{range .items[*]}{.metadata.name}{"\\t"}{end}', input: nodes, expect: '127.0.0.1\t127.0.0.2\t' },
    { name: 'range addresss', template: '{.items[*].status.addresses[*].address}', input: nodes, expect: '127.0.0.1 127.0.0.2 127.0.0.3' },
    { name: 'double range', template: '{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', input: nodes, expect: '127.0.0.1, 127.0.0.2, 127.0.0.3, ' },
    { name: 'item name', template: '{.items[*].metadata.name}', input: nodes, expect: '127.0.0.1 127.0.0.2' },
    { name: 'union nodes capacity', template: "{.items[*]['metadata.name', 'status.capacity']}", input: nodes, expect: '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}' },
    { name: 'range nodes capacity', template: '{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', input: nodes, expect: '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] ' },
    { name: 'user password', template: '{.users[?(@.name=="e2e")].user.password}', input: nodes, expect: 'secret' },
    { name: 'hostname', template: '{.items[0].metadata.labels.kubernetes\\.io/hostname}', input: nodes, expect: '127.0.0.1' },
    { name: 'hostname filter', template: '{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}', input: nodes, expect: 'None' },
    { name: 'bool item', template: '{.items[?(@..ready==true)].metadata.name}', input: nodes, expect: '127.0.0.1' },
    { name: 'recursive name', template: '{..name}', input: nodes, expect: '127.0.0.1 127.0.0.2 myself e2e' },
    { name: 'numeric filter', template: '{[?(@.x>=4)].id}', input: points, expect: 'i1 i3' },
  ], false);
});

const pods = {
  items: [
    { metadata: { name: 'pod1' }, spec: { containers: [{ name: 'foo', another: [{ name: 'value1' }, { name: 'value2' }] }, { name: 'bar', another: [{ name: 'value1' }, { name: 'value2' }] }] } },
    { metadata: { name: 'pod2' }, spec: { containers: [{ name: 'baz', another: [{ name: 'value1' }, { name: 'value2' }] }] } },
  ],
};

describe('jsonpath: ranges (TestEmptyRange, TestNestedRanges)', () => {
  run([
    { name: 'empty range', template: '{range .items[*]}{.metadata.name}{end}', input: { items: [] }, expect: '' },
    { name: 'empty nested range', template: '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', input: { items: [] }, expect: '' },
  ], true);
  run([
    { name: 'nested range', template: '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', input: pods, expect: 'pod1:foo,bar,+pod2:baz,+' },
    { name: 'three levels', template: '{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}',
      input: pods, expect: 'pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#' },
    { name: 'two ranges at one level', template: '{range .items[*]}{.metadata.name}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\n"}{end}',
      input: pods, expect: 'pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n' },
  ], false);
});

describe('jsonpath: filters and indexes (TestFilterPartialMatches…, TestNegativeIndex, TestStep)', () => {
  const annotated = { kind: 'List', items: [
    { kind: 'Pod', metadata: { name: 'pod1', annotations: { color: 'blue' } } },
    { kind: 'Pod', metadata: { name: 'pod2' } },
    { kind: 'Pod', metadata: { name: 'pod3', annotations: { color: 'green' } } },
    { kind: 'Pod', metadata: { name: 'pod4', annotations: { color: 'blue' } } },
  ] };
  run([{ name: 'partial matches tolerate missing keys', template: '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}', input: annotated, expect: 'pod1 pod4' }], true);
  run([{ name: 'partial matches error on missing keys', template: '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}', input: annotated, error: 'annotations is not found' }], false);
  const c = { spec: { containers: [0, 1, 2, 3, 4, 5].map((i) => ({ image: 'radial/busyboxplus:curl', name: `fake${i}` })) } };
  const four = { spec: { containers: c.spec.containers.slice(0, 4) } };
  run([
    { name: '[0]', template: '{.spec.containers[0].name}', input: four, expect: 'fake0' },
    { name: '[0:0] is empty', template: '{.spec.containers[0:0].name}', input: four, expect: '' },
    { name: '[0:-1]', template: '{.spec.containers[0:-1].name}', input: four, expect: 'fake0 fake1 fake2' },
    { name: '[-1:0] errors', template: '{.spec.containers[-1:0].name}', input: four, error: 'starting index 3 is greater than ending index 0' },
    { name: '[-1]', template: '{.spec.containers[-1].name}', input: four, expect: 'fake3' },
    { name: '[-2:]', template: '{.spec.containers[-2:].name}', input: four, expect: 'fake2 fake3' },
    { name: '[-4:]', template: '{.spec.containers[-4:].name}', input: four, expect: 'fake0 fake1 fake2 fake3' },
    { name: '[-5] is out of bounds', template: '{.spec.containers[-5].name}', input: four, error: 'array index out of bounds: index -1, length 4' },
    { name: '[5:5] is empty', template: '{.spec.containers[5:5].name}', input: four, expect: '' },
    { name: '[3:1] errors', template: '{.spec.containers[3:1].name}', input: four, error: 'starting index 3 is greater than ending index 1' },
    { name: '[0:6:]', template: '{.spec.containers[0:6:].name}', input: c, expect: 'fake0 fake1 fake2 fake3 fake4 fake5' },
    { name: '[0:6:0] errors', template: '{.spec.containers[0:6:0].name}', input: c, error: 'step must be > 0' },
    { name: '[1:4:2]', template: '{.spec.containers[1:4:2].name}', input: c, expect: 'fake1 fake3' },
    { name: '[0:6:5]', template: '{.spec.containers[0:6:5].name}', input: c, expect: 'fake0 fake5' },
  ], false);
  const running = { kind: 'List', items: [
    { kind: 'Pod', metadata: { name: 'pod1' }, status: { phase: 'Running' } },
    { kind: 'Pod', metadata: { name: 'pod2' }, status: { phase: 'Running' } },
    { kind: 'Pod', metadata: { name: 'pod3' }, status: { phase: 'Running' } },
    { resourceVersion: '', selfLink: '' },
  ] };
  run([{ name: 'range over a filter', template: '{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\\n"}{end}', input: running, expect: 'pod1 is Running\npod2 is Running\npod3 is Running\n' }], true);
});

describe('jsonpath: parse errors and scalars', () => {
  run([
    { name: 'unclosed action', template: '{.a', input: {}, error: 'unclosed action' },
    { name: 'unterminated array', template: '{.a[0}', input: {}, error: 'unterminated array' },
    { name: 'invalid index', template: '{.a[x]}', input: {}, error: 'invalid array index x' },
    { name: 'unrecognized character', template: '{.a | .b}', input: {}, error: "unrecognized character in action: U+007C '|'" },
    { name: 'null prints <nil>', template: '{.a}', input: { a: null }, expect: '<nil>' },
    { name: 'small floats in %g', template: '{.a}', input: { a: 0.00001 }, expect: '1e-05' },
    { name: 'html-safe json', template: '{.a}', input: { a: { b: '<&>' } }, expect: '{"b":"\\u003c\\u0026\\u003e"}' },
  ], false);

  it('relaxes column specs like kubectl', () => {
    expect(['metadata.name', '.metadata.name', '{metadata.name}', '{.metadata.name}'].map(relaxedJsonPathExpression)).toEqual(Array(4).fill('{.metadata.name}'));
    expect(() => relaxedJsonPathExpression('{a}{b}')).toThrow("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  });
});
