// The compile-time half of CEL's declarations: an expression may only name the variables its environment
// declares (cel-go's checker reports "undeclared reference to 'x' (in container '')"), and, for ValidatingAdmissionPolicy,
// only the `variables` the policy defines ("undefined field 'x'").
import type { Node } from './cel.ts';

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** The first reference the environment does not declare, as cel-go's checker words it; undefined when all are. */
export function undeclaredReference(n: Node, declared: ReadonlySet<string>, variables?: ReadonlySet<string>): string | undefined {
  const visit = (x: Node, bound: ReadonlySet<string>): string | undefined => {
    switch (x.t) {
      case 'lit': return undefined;
      case 'id': return declared.has(x.name) || bound.has(x.name) ? undefined : `undeclared reference to '${x.name}' (in container '')`;
      case 'list': return first(x.items, bound);
      case 'member':
        if (x.obj.t === 'id' && x.obj.name === 'variables' && variables && !bound.has('variables') && !variables.has(x.name)) return `undefined field '${x.name}'`;
        return visit(x.obj, bound);
      case 'index': return visit(x.obj, bound) ?? visit(x.idx, bound);
      case 'un': return visit(x.x, bound);
      case 'bin': return visit(x.l, bound) ?? visit(x.r, bound);
      case 'cond': return visit(x.c, bound) ?? visit(x.a, bound) ?? visit(x.b, bound);
      case 'call': {
        if (x.target && MACROS.has(x.name) && x.args[0]?.t === 'id') {
          const inner = new Set(bound).add(x.args[0].name);
          return visit(x.target, bound) ?? first(x.args.slice(1), inner);
        }
        // optional.of(…): a namespaced function, not a variable.
        if (x.target?.t === 'id' && x.target.name === 'optional' && !declared.has('optional')) return first(x.args, bound);
        return (x.target && visit(x.target, bound)) ?? first(x.args, bound);
      }
    }
  };
  const first = (xs: Node[], bound: ReadonlySet<string>) => {
    for (const x of xs) {
      const r = visit(x, bound);
      if (r) return r;
    }
    return undefined;
  };
  return visit(n, new Set());
}
