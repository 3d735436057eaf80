// intstr.IntOrString and GetScaledValueFromIntOrPercent (k8s.io/apimachinery/pkg/util/intstr).
export type IntOrString = number | string;

/** An int is itself; "N%" is N percent of total, rounded up or down; any other string is an error. */
export function getScaledValueFromIntOrPercent(v: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) throw new Error('invalid value for IntOrString: invalid type: string is not a percentage');
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}
