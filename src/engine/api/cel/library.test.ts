// The CEL that admission policies use beyond CRD rules and DRA selectors: macros, cel-go's strings extension,
// Kubernetes' list library, optional types and lazily evaluated variables (values from the cel-go and Kubernetes
// library docs).
import { describe, expect, it } from 'vitest';
import { CelError, compile, evaluate, LazyMap } from './cel.ts';

const object = {
  metadata: { name: 'web', labels: { app: 'web', env: 'Prod' } },
  spec: { replicas: 3, template: { spec: { containers: [{ name: 'a', image: 'example.com/nginx:1.27' }, { name: 'b', image: 'docker.io/busybox' }] } } },
};
const run = (expr: string, extra: [string, unknown][] = []) => evaluate(compile(expr), new Map<string, unknown>([['object', object], ['oldObject', null], ...extra]));

describe('CEL macros and libraries', () => {
  it.each([
    ['object.spec.template.spec.containers.map(c, c.name)', ['a', 'b']],
    ['object.spec.template.spec.containers.filter(c, c.image.startsWith("example.com/")).size()', 1],
    ['object.spec.template.spec.containers.map(c, c.image.contains("busybox"), c.name)', ['b']],
    ['object.spec.template.spec.containers.exists_one(c, c.name == "a")', true],
    ['object.metadata.labels.all(k, k.size() > 2)', true],
    ['"Hello World".lowerAscii()', 'hello world'],
    ['"hello".upperAscii()', 'HELLO'],
    ['"  x y  ".trim()', 'x y'],
    ['"a,b,c".split(",")', ['a', 'b', 'c']],
    ['"a,b,c".split(",", 2)', ['a', 'b,c']],
    ['"tacocat".charAt(3)', 'o'],
    ['"hello mellow".indexOf("ello")', 1],
    ['"hello mellow".lastIndexOf("ello")', 7],
    ['"tacocat".substring(4)', 'cat'],
    ['"tacocat".substring(0, 4)', 'taco'],
    ['"hello hello".replace("he", "we")', 'wello wello'],
    ['"hello hello".replace("he", "we", 1)', 'wello hello'],
    ['["a", "b"].join("-")', 'a-b'],
    ['[1, 2, 3].sum()', 6],
    ['[3, 1, 2].min()', 1],
    ['[3, 1, 2].max()', 3],
    ['[1, 2, 3].isSorted()', true],
    ['["b", "a"].isSorted()', false],
    ['[1, 2, 3].indexOf(2)', 1],
    ['object.?spec.?replicas.orValue(1)', 3],
    ['object.?spec.?minReadySeconds.orValue(0)', 0],
    ['object.metadata.labels[?"team"].hasValue()', false],
    ['object.?status.replicas.orValue(5)', 5],
    ['optional.of(2).value() + optional.none().orValue(1)', 3],
    ['oldObject == null', true],
    ['int("42") + 1', 43],
    ['double("1.5")', 1.5],
    ['string(true)', 'true'],
    ['object.metadata.labels.env.lowerAscii() == "prod"', true],
  ])('%s → %j', (expr, want) => {
    expect(run(expr)).toEqual(want);
  });

  it.each([
    ['"abc".substring(2, 1)', 'invalid substring range. start: 2, end: 1'],
    ['"abc".charAt(4)', 'index out of range: 4'],
    ['optional.none().value()', 'optional.none() dereference'],
    ['[].max()', 'max called on empty list'],
    ['object.spec.replicas.lowerAscii()', "found no matching overload for 'lowerAscii' applied to 'int'"],
  ])('%s fails: %s', (expr, msg) => {
    expect(() => run(expr)).toThrow(CelError);
    expect(() => run(expr)).toThrow(msg);
  });

  it('evaluates a variable once, only when used, and its error is the using expression\'s', () => {
    let computed = 0;
    const variables = new LazyMap(['n', 'bad'], (name) => {
      computed++;
      if (name === 'bad') throw new CelError('no such key: x');
      return 2;
    });
    const env: [string, unknown][] = [['variables', variables]];
    expect(run('variables.n * variables.n', env)).toBe(4);
    expect(computed).toBe(1);
    expect(run('has(variables.n)', env)).toBe(true);
    expect(() => run('variables.bad == 1', env)).toThrow('no such key: x');
  });
});
