// kubectl create poddisruptionbudget|pdb NAME --selector=SELECTOR --min-available=N[%] | --max-unavailable=N[%].
import type { LabelSelector, LabelSelectorRequirement } from 'kubernetes-types/meta/v1';
import { parseSelector } from '../../../api/labels.ts';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { flag } from '../../flags.ts';
import type { Generator } from './generator.ts';
import { newMeta } from './objects.ts';

const EXPRESSION_OPERATORS: Record<string, string> = { in: 'In', notin: 'NotIn', exists: 'Exists', '!': 'DoesNotExist' };

/** metav1.ParseToLabelSelector: equality requirements become matchLabels, set-based ones matchExpressions. */
export function parseToLabelSelector(text: string): LabelSelector {
  let reqs;
  try {
    reqs = parseSelector(text).requirements();
  } catch (e) {
    throw new CommandError(`couldn't parse the selector string "${text}": ${(e as Error).message}`);
  }
  const matchLabels: Record<string, string> = {};
  const matchExpressions: LabelSelectorRequirement[] = [];
  for (const r of reqs) {
    if (r.operator === '=' || r.operator === '==') {
      matchLabels[r.key] = r.values[0];
      continue;
    }
    const operator = EXPRESSION_OPERATORS[r.operator];
    if (!operator) throw new CommandError(`"${r.operator}" isn't supported in label selectors`);
    matchExpressions.push({ key: r.key, operator, ...(r.values.length ? { values: [...r.values].sort() } : {}) });
  }
  return { ...(Object.keys(matchLabels).length ? { matchLabels } : {}), ...(matchExpressions.length ? { matchExpressions } : {}) };
}

const INT_OR_PERCENT = /^[0-9]+%?$/;

/** intstr.Parse: an integer when the text is one, else the string. */
const intOrString = (s: string): number | string => (/^[+-]?\d+$/.test(s) ? Number(s) : s);

export const podDisruptionBudgetGenerator: Generator = {
  kind: 'PodDisruptionBudget',
  failure: (m) => `failed to create poddisruptionbudgets: ${m}`,
  build({ args, name, namespace }) {
    const selector = flag(args, 'selector') ?? '';
    const minAvailable = flag(args, 'min-available') ?? '';
    const maxUnavailable = flag(args, 'max-unavailable') ?? '';
    if (!selector) throw new CommandError('a selector must be specified');
    if (!minAvailable && !maxUnavailable) throw new CommandError('one of min-available or max-unavailable must be specified');
    if (minAvailable && maxUnavailable) throw new CommandError('min-available and max-unavailable cannot be both specified');
    if (minAvailable && !INT_OR_PERCENT.test(minAvailable)) throw new CommandError('invalid format specified for min-available');
    if (maxUnavailable && !INT_OR_PERCENT.test(maxUnavailable)) throw new CommandError('invalid format specified for max-unavailable');
    return {
      apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: newMeta(name, namespace),
      spec: {
        ...(minAvailable ? { minAvailable: intOrString(minAvailable) } : { maxUnavailable: intOrString(maxUnavailable) }),
        selector: parseToLabelSelector(selector),
      },
      // Go encodes the status struct's zero values.
      status: { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 },
    } as KubeObject;
  },
};
