// The bundled gallery: the generated module matches scenarios/*.yaml, the exercises follow the source texts'
// order, and every reference solution works headless: each step's checks fail before its solution and pass after.
import { describe, expect, it } from 'vitest';
import { GALLERY_SOURCES } from './gallery.generated.ts';
import { gallery, galleryScenario } from './gallery.ts';
import { loadScenario } from './load.ts';
import { evaluateStep, runSolution } from './exercise.ts';

// The files as Vite bundles them (keys like "../../../scenarios/01-desired-state.yaml").
const files: Record<string, string> = import.meta.glob('../../../scenarios/*.yaml', { query: '?raw', import: 'default', eager: true });
const stem = (path: string) => path.replace(/^.*\//, '').replace(/\.yaml$/, '');

describe('the gallery', () => {
  it('is generated from scenarios/*.yaml (run `npm run gen:gallery` after editing them)', () => {
    expect(Object.keys(GALLERY_SOURCES)).toEqual(Object.keys(files).map(stem).sort());
    for (const [path, text] of Object.entries(files)) expect(GALLERY_SOURCES[stem(path)]).toBe(text);
  });

  it('names each file NN-<metadata.name>, in the order of the concepts, with at least 12 exercises', () => {
    const entries = gallery();
    Object.keys(GALLERY_SOURCES).forEach((file, i) => {
      const s = galleryScenario(entries[i].id)!;
      expect(file).toBe(`${String(s.metadata.order).padStart(2, '0')}-${s.metadata.name}`);
    });
    const orders = entries.map((e) => galleryScenario(e.id)!.metadata.order!);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(entries.filter((e) => e.steps > 0).length).toBeGreaterThanOrEqual(12);
  });
});

const exercises = gallery().filter((e) => e.steps > 0);
// The default variant, and the one a student's name picks (other names, capacities).
describe.each(exercises.map((e) => e.id))('reference solution of %s', (id) => {
  it.each([undefined, 'Ada Lovelace'])('student %s: checks fail before each step and pass after it', (student) => {
    const { cluster, scenario, problems } = loadScenario(galleryScenario(id)!, { student });
    expect(problems).toEqual([]);
    for (const step of scenario.spec.exercise!.steps) {
      const before = evaluateStep(cluster, step);
      expect(before.pass, `${step.id} passes before its solution`).toBe(false);
      expect(runSolution(cluster, step)).toEqual([]);
      const after = evaluateStep(cluster, step);
      expect(after.checks.filter((c) => !c.pass).map((c) => c.reason.en), step.id).toEqual([]);
    }
  });
});
