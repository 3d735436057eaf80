// Values of a library's own types (the Kubernetes authz library's Authorizer, ResourceCheck, Decision …): CEL reaches
// them only through the fields and methods the library declares, as cel-go's object types.
import { CelError } from './errors.ts';

export abstract class OpaqueValue {
  /** The type's CEL name ("kubernetes.authorization.Decision"), in error texts. */
  abstract readonly typeName: string;
  /** A field's value; undefined when the type has no such field. */
  field(_name: string): unknown { return undefined; }
  /** A method's result; undefined when no overload takes these arguments. */
  abstract method(name: string, args: unknown[]): unknown;
}

/** A member function call on an opaque value, with cel-go's text when no overload matches. */
export function opaqueMethod(target: OpaqueValue, name: string, args: unknown[], celType: (v: unknown) => string): unknown {
  const r = target.method(name, args);
  if (r === undefined) throw new CelError(`found no matching overload for '${name}' applied to '${target.typeName}.(${args.map(celType).join(', ')})'`);
  return r;
}
