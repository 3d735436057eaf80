// A scenario text in the page's language (scenario files carry English and Chinese).
import type { ScenarioText } from '../../worker/protocol.ts';

export function pick(text: ScenarioText, language: string): string {
  return language.startsWith('zh') ? text.zh : text.en;
}
