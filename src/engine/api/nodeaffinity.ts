// component-helpers nodeaffinity.GetRequiredNodeAffinity(pod).Match(node): a pod's spec.nodeSelector and its
// required node affinity, as the DaemonSet controller evaluates them before it creates a pod for a node.
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';
import { LabelSelectorError, newRequirement, selectorFromRequirements, selectorFromSet, type Operator, type Selector } from './labels.ts';

const operators: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!', Gt: 'gt', Lt: 'lt' };

/** nodeSelectorRequirementsAsSelector; undefined for a term upstream rejects (the lazy-error selector skips it). */
function labelSelector(reqs: NodeSelectorRequirement[]): Selector | undefined {
  try {
    return selectorFromRequirements(reqs.map((r) => {
      const op = operators[r.operator];
      if (!op) throw new LabelSelectorError(`${JSON.stringify(r.operator)} is not a valid node selector operator`);
      return newRequirement(r.key, op, r.values ?? []);
    }));
  } catch (e) {
    if (e instanceof LabelSelectorError) return undefined;
    throw e;
  }
}

/**
 * Selectors already built from stored (frozen) requirements and node selectors: the scheduler and the DaemonSet
 * controller match one pod's against every node. null: a term upstream rejects.
 */
const termSelectors = new WeakMap<readonly NodeSelectorRequirement[], Selector | null>();
const setSelectors = new WeakMap<Readonly<Record<string, string>>, Selector>();

function termSelector(reqs: NodeSelectorRequirement[]): Selector | undefined {
  if (!Object.isFrozen(reqs)) return labelSelector(reqs);
  let sel = termSelectors.get(reqs);
  if (sel === undefined) termSelectors.set(reqs, (sel = labelSelector(reqs) ?? null));
  return sel ?? undefined;
}

function nodeSelectorOf(set: Readonly<Record<string, string>>): Selector {
  if (!Object.isFrozen(set)) return selectorFromSet(set);
  let sel = setSelectors.get(set);
  if (!sel) setSelectors.set(set, (sel = selectorFromSet(set)));
  return sel;
}

/** nodeSelectorRequirementsAsFieldSelector: only metadata.name, In or NotIn with exactly one value (else no match). */
function fieldsMatch(reqs: NodeSelectorRequirement[], node: Node): boolean {
  return reqs.every((r) => {
    if (r.key !== 'metadata.name' || (r.values ?? []).length !== 1) return false;
    const equal = node.metadata?.name === r.values![0];
    return r.operator === 'In' ? equal : r.operator === 'NotIn' ? !equal : false;
  });
}

/** A NodeSelectorTerm matches the node (used for required terms and for preferred terms' scores). */
export function termMatches(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  // An empty term matches no objects.
  if (exprs.length === 0 && fields.length === 0) return false;
  if (exprs.length > 0) {
    const sel = termSelector(exprs);
    if (!sel || !sel.matches(node.metadata?.labels ?? {})) return false;
  }
  return fieldsMatch(fields, node);
}

/** The node satisfies the pod's nodeSelector and at least one of its required node affinity terms. */
export function requiredNodeAffinityMatches(pod: Pod, node: Node): boolean {
  const nodeSelector = pod.spec?.nodeSelector;
  if (nodeSelector && !nodeSelectorOf(nodeSelector).matches(node.metadata?.labels ?? {})) return false;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((t) => termMatches(t, node));
}
