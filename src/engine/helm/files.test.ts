import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../index.ts';
import { globMatch } from './glob.ts';
import { ignored, parseHelmignore } from './helmignore.ts';

function template(files: Record<string, string>, body: string): { code: number; stdout: string; stderr: string } {
  const c: KubesimCluster = createCluster({ seed: 1 });
  c.setFile('app/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  for (const [n, t] of Object.entries(files)) c.setFile(`app/${n}`, t);
  c.setFile('app/templates/cm.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: f\ndata:\n${body}\n`);
  return c.exec('helm template x ./app -s templates/cm.yaml') as { code: number; stdout: string; stderr: string };
}

const FILES = { 'config/a.properties': 'x=1\ny=2\n', 'config/b.properties': 'z=3\n', 'config/nested/c.txt': 'deep', 'README.md': 'read me\n', 'values.yaml': 'k: v\n' };
const HEAD = '---\n# Source: app/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: f\ndata:\n';

describe('.Files', () => {
  it.each([
    ['Get', '  a: {{ .Files.Get "config/a.properties" | quote }}', '  a: "x=1\\ny=2\\n"'],
    ['Get of a missing file', '  a: {{ .Files.Get "nope" | quote }}', '  a: ""'],
    ['GetBytes', '  a: {{ .Files.GetBytes "config/b.properties" | b64enc }}', '  a: ej0zCg=='],
    ['Lines', '{{- range .Files.Lines "config/a.properties" }}\n  - {{ . }}{{ end }}', '  - x=1\n  - y=2'],
    ['Glob with * (one level) and AsConfig', '{{ (.Files.Glob "config/*").AsConfig | indent 2 }}', '  a.properties: |\n    x=1\n    y=2\n  b.properties: |\n    z=3'],
    ['Glob with ** and AsSecrets', '{{ (.Files.Glob "config/**.txt").AsSecrets | indent 2 }}', '  c.txt: ZGVlcA=='],
    ['range over Glob', '{{- range $path, $_ := .Files.Glob "config/*.properties" }}\n  {{ base $path }}: {{ $.Files.Get $path | sha256sum | trunc 8 }}{{ end }}', '  a.properties: f70f1551\n  b.properties: 06e14e72'],
    ['a Glob that matches nothing is false', '  any: {{ if .Files.Glob "*.none" }}yes{{ else }}no{{ end }}', '  any: no'],
    ['Chart.yaml, values.yaml and templates/ are not files', '  c: {{ .Files.Get "Chart.yaml" | quote }}\n  v: {{ .Files.Get "values.yaml" | quote }}\n  t: {{ .Files.Get "templates/cm.yaml" | quote }}', '  c: ""\n  v: ""\n  t: ""'],
  ])('%s', (_name, body, want) => {
    const r = template(FILES, body);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${HEAD}${want}\n`);
  });

  it('.helmignore leaves files out of .Files (names anywhere, folders with a trailing slash, anchored paths)', () => {
    const r = template({ ...FILES, '.helmignore': '# comment\n*.md\nnested/\nconfig/b.*\n' }, '{{- range $path, $_ := .Files.Glob "**" }}\n  - {{ $path }}{{ end }}');
    expect(r.stdout).toBe(`${HEAD}  - .helmignore\n  - config/a.properties\n`);
  });
});

describe('glob and .helmignore patterns', () => {
  it.each([
    ['*.yaml', 'a.yaml', true], ['*.yaml', 'x/a.yaml', false], ['**.yaml', 'x/a.yaml', true], ['config/*', 'config/a/b', false],
    ['config/**', 'config/a/b', true], ['a?c', 'abc', true], ['[ab]x', 'bx', true], ['[!ab]x', 'bx', false], ['{a,b}.txt', 'b.txt', true],
  ])('%s matches %s: %s', (pattern, path, want) => {
    expect(globMatch(pattern, path)).toBe(want);
  });

  it.each([
    ['.git/', '.git/config', true], ['.git/', 'x/.git', false], ['*.swp', 'templates/a.swp', true], ['/secrets/x', 'secrets/x', true],
    ['ci/', 'ci/values.yaml', true], ['', 'templates/.hidden.yaml', true], ['', 'templates/a.yaml', false], ['!keep', 'drop', false],
  ])('%j ignores %s: %s', (rules, path, want) => {
    expect(ignored(parseHelmignore(rules), path)).toBe(want);
  });
});
