// CEL optional types (cel-go's OptionalTypes, enabled in Kubernetes' CEL environments since v1.29): `obj.?field`,
// `map[?key]`, `optional.of(x)`, `optional.none()` and an optional's hasValue, value, orValue and or.
import { CelError } from './errors.ts';

export class Optional {
  private constructor(readonly present: boolean, readonly inner: unknown) {}
  static of(v: unknown): Optional { return new Optional(true, v); }
  static readonly none = new Optional(false, undefined);
}

/** A method called on an optional value. */
export function optionalMethod(name: string, o: Optional, args: unknown[]): unknown {
  switch (name) {
    case 'hasValue': return o.present;
    case 'value':
      if (!o.present) throw new CelError('optional.none() dereference');
      return o.inner;
    case 'orValue': return o.present ? o.inner : args[0];
    case 'or':
      if (!(args[0] instanceof Optional)) throw new CelError("found no matching overload for 'or'");
      return o.present ? o : args[0];
    default: throw new CelError(`found no matching overload for '${name}' applied to 'optional_type'`);
  }
}

/** optional.of, optional.none and optional.ofNonZeroValue (the `optional` namespace's functions). */
export function optionalFunction(name: string, args: unknown[]): Optional {
  switch (name) {
    case 'of': return Optional.of(args[0]);
    case 'none': return Optional.none;
    case 'ofNonZeroValue': {
      const v = args[0];
      const zero = v === null || v === undefined || v === 0 || v === '' || v === false
        || (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0);
      return zero ? Optional.none : Optional.of(v);
    }
    default: throw new CelError(`undeclared reference to 'optional.${name}'`);
  }
}
