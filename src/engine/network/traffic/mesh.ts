// Helpers of the request path's mesh hook (the contract is api/mesh.ts).

/** One of `items` by weight, with a draw in [0, 1). */
export function pickWeighted<T extends { weight: number }>(items: T[], r: number): T {
  const total = items.reduce((a, x) => a + x.weight, 0);
  let left = r * total;
  for (const x of items) { left -= x.weight; if (left < 0) return x; }
  return items[items.length - 1];
}
