// Scenario versions: a document written for an older apiVersion is upgraded step by step to the current one
// before validation, so old files and old share links keep working. Each format change adds one migration
// (from → to, a pure function on the parsed document) to MIGRATIONS.
import { SCENARIO_API_VERSION } from './format.ts';
import { ScenarioError } from './errors.ts';

export interface Migration {
  from: string;
  to: string;
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

// Simplification: v1alpha1 is the first published format, so the chain is empty; the mechanism is tested with
// its own chain.
export const MIGRATIONS: readonly Migration[] = [];

/** Upgrade a parsed document to the current apiVersion; other documents pass through for validation to judge. */
export function migrateScenario(doc: unknown, chain: readonly Migration[] = MIGRATIONS, current = SCENARIO_API_VERSION): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  let d = doc as Record<string, unknown>;
  const seen = new Set<string>();
  while (typeof d.apiVersion === 'string' && d.apiVersion !== current) {
    const m = chain.find((x) => x.from === d.apiVersion);
    if (!m) {
      if (/^kubesim\.io\//.test(d.apiVersion)) {
        throw new ScenarioError([`apiVersion: Unsupported value: "${d.apiVersion}": this kubesim reads ${[current, ...chain.map((x) => x.from)].map((v) => `"${v}"`).join(', ')}; a newer kubesim wrote this scenario`]);
      }
      return d;
    }
    if (seen.has(m.from)) throw new Error(`scenario migrations loop at ${m.from}`);
    seen.add(m.from);
    d = { ...m.up(structuredClone(d)), apiVersion: m.to };
  }
  return d;
}
