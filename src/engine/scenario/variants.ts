// Per-student variants: a scenario's `variables` list the values a placeholder "{{name}}" can take; the name a
// student enters seeds the choice, so each student gets their own names and capacities, the same ones every
// time, and a teacher can recompute them from the name. Without a student name every variable takes its first
// value (the variant the reference solutions are tested on, among others).
import { SeededRng } from '../sim/rng.ts';
import type { Scenario } from './format.ts';
import { ScenarioError } from './errors.ts';

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The value of every variable for this student. */
export function chooseVariant(scenario: Scenario, student?: string): Record<string, string> {
  const vars = scenario.spec.variables ?? {};
  const key = student?.trim().toLowerCase();
  const rng = key ? new SeededRng(`${scenario.metadata.name}/${key}`) : undefined;
  const out: Record<string, string> = {};
  for (const name of Object.keys(vars).sort()) out[name] = rng ? vars[name][rng.int(vars[name].length)] : vars[name][0];
  return out;
}

/** Replace placeholders in every string of a parsed value; unknown ones are reported in errors, by field. */
export function substitute(v: unknown, values: Record<string, string>, path: string, errors: string[]): unknown {
  if (typeof v === 'string') {
    return v.replace(PLACEHOLDER, (m, name: string) => {
      if (name in values) return values[name];
      errors.push(`${path}: Invalid value: ${JSON.stringify(m)}: no variable "${name}" in spec.variables`);
      return m;
    });
  }
  if (Array.isArray(v)) return v.map((x, i) => substitute(x, values, `${path}[${i}]`, errors));
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, path === 'spec' && k === 'variables' ? x : substitute(x, values, `${path}.${k}`, errors)]));
  }
  return v;
}

/** The scenario with every placeholder replaced by the variant's values. */
export function applyVariant(scenario: Scenario, values: Record<string, string>): Scenario {
  const errors: string[] = [];
  const spec = substitute(scenario.spec, values, 'spec', errors) as Scenario['spec'];
  if (errors.length) throw new ScenarioError(errors, scenario.metadata.name);
  return { ...scenario, spec };
}
