// Compiling a policy's expressions: the syntax, then the references, against the variables a policy's CEL
// environment declares (object, oldObject, request, namespaceObject, authorizer (authz.ts); params with a paramKind;
// variables when the policy has any, each variable seeing those before it).
// Simplification: no type checking (status.typeChecking stays empty).
import { compile, type Node } from '../../../../api/cel/cel.ts';
import { undeclaredReference } from '../../../../api/cel/references.ts';

export interface Environment {
  /** The policy has a paramKind: `params` is declared. */
  params: boolean;
  /** The policy's variables visible here; undefined when it has none (no `variables` at all). */
  variables?: readonly string[];
}

const BASE = ['object', 'oldObject', 'request', 'namespaceObject', 'authorizer'];

function declared(env: Environment): Set<string> {
  const names = new Set(BASE);
  if (env.params) names.add('params');
  if (env.variables) names.add('variables');
  return names;
}

/** The compiled expression, or the compile error as upstream's field error words it ("compilation failed: …"). */
export function compileExpression(expr: string, env: Environment): { node: Node } | { error: string } {
  try {
    const node = compile(expr);
    const ref = undeclaredReference(node, declared(env), env.variables ? new Set(env.variables) : undefined);
    return ref ? { error: `compilation failed: ERROR: <input>: ${ref}` } : { node };
  } catch (e) {
    return { error: `compilation failed: ERROR: <input>: ${(e as Error).message}` };
  }
}

export function compileError(expr: string, env: Environment): string | undefined {
  const r = compileExpression(expr, env);
  return 'error' in r ? r.error : undefined;
}
