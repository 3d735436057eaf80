// The two ways kubectl prints a LabelSelector.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { formatLabelSelector } from '../../api/labels.ts';

/** metav1.FormatLabelSelector: "app=web,tier in (a,b)", "<none>" when it selects nothing or everything. */
export function formatSelector(ls: LabelSelector | undefined): string {
  return ls ? formatLabelSelector(ls) : '<none>';
}

/** LabelSelectorAsSelector(ls).String(): like formatSelector, but empty instead of "<none>". */
export function selectorString(ls: LabelSelector | undefined): string {
  const s = formatSelector(ls);
  return s === '<none>' ? '' : s;
}
