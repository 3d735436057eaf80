// The bundled gallery: the scenarios of scenarios/*.yaml, in the order of the concepts of the source texts.
import type { Scenario, Text } from './format.ts';
import { GALLERY_SOURCES } from './gallery.generated.ts';
import { parseScenario } from './load.ts';

export interface GalleryEntry {
  id: string;
  title: Text;
  description: Text;
  concept?: string;
  /** Number of exercise steps (0: a scenario to watch and play with). */
  steps: number;
  /** The scenario file's text (what "export" and share links carry). */
  source: string;
}

let parsed: { entry: GalleryEntry; scenario: Scenario }[] | undefined;

function all(): { entry: GalleryEntry; scenario: Scenario }[] {
  parsed ??= Object.values(GALLERY_SOURCES).map((source) => {
    const scenario = parseScenario(source);
    const { name, concept } = scenario.metadata;
    const entry = { id: name, title: scenario.spec.title, description: scenario.spec.description, concept, steps: scenario.spec.exercise?.steps.length ?? 0, source };
    return { entry, scenario };
  });
  return parsed;
}

export function gallery(): GalleryEntry[] {
  return all().map((x) => x.entry);
}

export function galleryScenario(id: string): Scenario | undefined {
  return all().find((x) => x.entry.id === id)?.scenario;
}
