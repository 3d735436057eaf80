// What describe may read besides the object: the virtual clock and other objects.
import type { KubeObject } from '../../../api/object.ts';

export interface DescribeContext {
  /** Virtual milliseconds since the epoch. */
  now: number;
  /** Objects of a kind (by Kind name: 'Pod', 'Event', 'Lease' …), in one namespace or, without one, all. */
  list(kind: string, namespace?: string): KubeObject[];
}

/** ctx.list that treats a kind the cluster does not serve as having no objects. */
export function listOrEmpty(ctx: DescribeContext, kind: string, namespace?: string): KubeObject[] {
  try {
    return ctx.list(kind, namespace);
  } catch {
    return [];
  }
}

/** API list order: namespace, then name. */
export function byNamespaceAndName(a: KubeObject, b: KubeObject): number {
  const ka = `${a.metadata?.namespace ?? ''}/${a.metadata?.name ?? ''}`;
  const kb = `${b.metadata?.namespace ?? ''}/${b.metadata?.name ?? ''}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
