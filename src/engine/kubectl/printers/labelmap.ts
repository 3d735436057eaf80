// labels.FormatLabels: "k1=v1,k2=v2" in key order, "<none>" when empty.

export function sortedKeys(m: Record<string, unknown> | undefined): string[] {
  return Object.keys(m ?? {}).sort();
}

export function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = sortedKeys(labels);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels?.[k] ?? ''}`).join(',');
}
