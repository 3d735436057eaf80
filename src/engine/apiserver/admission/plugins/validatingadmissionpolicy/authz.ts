// The `authorizer` variable of a policy's CEL (k8s.io/apiserver/pkg/cel/library/authz.go): authorization checks
// as the request's user, or a service account's, answered by the API server's authorizer (privileged group, then
// RBAC): authorizer.group('apps').resource('deployments').namespace('ns').name('web').check('update').allowed(),
// authorizer.path('/healthz').check('get'), authorizer.serviceAccount('ns', 'sa'), and authorizer.requestResource,
// the request's own resource, subresource, namespace and name.
// Simplification: a write without a user (the control plane's own) is checked as a member of system:masters, where
// upstream each controller has a user of its own; fieldSelector and labelSelector are taken and, as RBAC ignores
// them, change nothing.
import { CelError, OpaqueValue } from '../../../../api/cel/cel.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../../api/validation.ts';
import { decide, SYSTEM_MASTERS, type RbacReader, type UserInfo } from '../../../rbac/authorizer.ts';
import type { RequestAttributes } from '../../../rbac/rules.ts';
import type { PolicyRequest } from './request.ts';

const TYPE = 'kubernetes.authorization.';
const CONTROL_PLANE: UserInfo = { name: '', groups: [SYSTEM_MASTERS] };

/** The argument as a string, or undefined (no overload takes anything else). */
const str = (args: unknown[], i = 0): string | undefined => (args.length > i && typeof args[i] === 'string' ? args[i] as string : undefined);

class Authorizer extends OpaqueValue {
  readonly typeName = `${TYPE}Authorizer`;
  constructor(readonly store: RbacReader, readonly user: UserInfo, private readonly request?: PolicyRequest) { super(); }

  override field(name: string): unknown {
    if (name !== 'requestResource' || !this.request) return undefined;
    const r = this.request;
    return new ResourceCheck(this, r.resource.group, r.resource.resource, r.subresource, r.attrs.namespace ?? '', r.name);
  }

  method(name: string, args: unknown[]): unknown {
    const a = str(args), b = str(args, 1);
    if (a === undefined || args.length !== (name === 'serviceAccount' ? 2 : 1)) return undefined;
    switch (name) {
      case 'path':
        if (!a.trim()) throw new CelError('path must not be empty');
        return new PathCheck(this, a);
      case 'group': return new GroupCheck(this, a);
      case 'serviceAccount':
        if (b === undefined) return undefined;
        if (isDNS1123Subdomain(b).length) throw new CelError('Invalid service account name');
        if (isDNS1123Label(a).length) throw new CelError('Invalid service account namespace');
        return new Authorizer(this.store, { name: `system:serviceaccount:${a}:${b}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${a}`] });
      default: return undefined;
    }
  }
}

class PathCheck extends OpaqueValue {
  readonly typeName = `${TYPE}PathCheck`;
  constructor(private readonly authorizer: Authorizer, private readonly path: string) { super(); }
  method(name: string, args: unknown[]): unknown {
    const verb = str(args);
    return name === 'check' && verb !== undefined && args.length === 1 ? Decision.of(this.authorizer, { verb, path: this.path }) : undefined;
  }
}

class GroupCheck extends OpaqueValue {
  readonly typeName = `${TYPE}GroupCheck`;
  constructor(private readonly authorizer: Authorizer, private readonly group: string) { super(); }
  method(name: string, args: unknown[]): unknown {
    const resource = str(args);
    if (name !== 'resource' || resource === undefined || args.length !== 1) return undefined;
    if (!resource.trim()) throw new CelError('resource must not be empty');
    return new ResourceCheck(this.authorizer, this.group, resource, '', '', '');
  }
}

class ResourceCheck extends OpaqueValue {
  readonly typeName = `${TYPE}ResourceCheck`;
  constructor(private readonly authorizer: Authorizer, private readonly group: string, private readonly resource: string,
    private readonly subresource: string, private readonly namespace: string, private readonly name: string) { super(); }

  method(name: string, args: unknown[]): unknown {
    const v = str(args);
    if (v === undefined || args.length !== 1) return undefined;
    const { authorizer, group, resource, subresource, namespace } = this;
    switch (name) {
      case 'subresource': return new ResourceCheck(authorizer, group, resource, v, namespace, this.name);
      case 'namespace': return new ResourceCheck(authorizer, group, resource, subresource, v, this.name);
      case 'name': return new ResourceCheck(authorizer, group, resource, subresource, namespace, v);
      case 'fieldSelector': case 'labelSelector': return this;
      case 'check': return Decision.of(authorizer, { verb: v, apiGroup: group, resource, subresource: subresource || undefined, namespace: namespace || undefined, name: this.name || undefined });
      default: return undefined;
    }
  }
}

class Decision extends OpaqueValue {
  readonly typeName = `${TYPE}Decision`;
  private constructor(private readonly allowed: boolean, private readonly reason: string) { super(); }
  static of(a: Authorizer, attrs: RequestAttributes): Decision {
    const d = decide(a.store, a.user, attrs);
    return new Decision(d.allowed, d.reason);
  }
  method(name: string, args: unknown[]): unknown {
    if (args.length) return undefined;
    switch (name) {
      case 'allowed': return this.allowed;
      case 'reason': return this.reason;
      // The authorizers here never fail.
      case 'errored': return false;
      case 'error': return '';
      default: return undefined;
    }
  }
}

/** The `authorizer` of a request: its user's (see the simplification above), with requestResource. */
export function requestAuthorizer(store: RbacReader, r: PolicyRequest): OpaqueValue {
  return new Authorizer(store, r.attrs.user ?? CONTROL_PLANE, r);
}
