// .helmignore (helm's internal/ignore): one pattern a line, "#" comments; a pattern with a "/" inside matches
// the path from the chart's root, one without matches the name of the file or of any folder above it; a
// trailing "/" matches folders only. Glob syntax is Go's filepath.Match (* ? [...]); "**" is not supported, as in
// helm. Hidden files under templates/ are always ignored (helm's default rule "templates/.?*").
// Simplification: "!" (negated) lines are skipped.
import { globMatch } from './glob.ts';

interface Rule { pattern: string; dirOnly: boolean; anchored: boolean }

export function parseHelmignore(text: string): Rule[] {
  const rules: Rule[] = [{ pattern: 'templates/.?*', dirOnly: false, anchored: true }];
  for (const raw of text.split('\n')) {
    let line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!') || line.includes('**')) continue;
    const dirOnly = line.endsWith('/');
    if (dirOnly) line = line.slice(0, -1);
    line = line.replace(/^\//, '');
    if (line) rules.push({ pattern: line, dirOnly, anchored: line.includes('/') });
  }
  return rules;
}

/** Whether one path (a file, or a folder when dir) is ignored. */
function ignoredOne(rules: readonly Rule[], path: string, dir: boolean): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  for (const r of rules) {
    if (r.dirOnly && !dir) continue;
    if (globMatch(r.pattern, r.anchored ? path : base)) return true;
  }
  return false;
}

/** Whether a chart file is left out: itself, or any folder it lies in. */
export function ignored(rules: readonly Rule[], path: string): boolean {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) if (ignoredOne(rules, parts.slice(0, i).join('/'), true)) return true;
  return ignoredOne(rules, path, false);
}
