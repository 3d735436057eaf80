import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { render, RenderError } from './index.ts';
import { GoStruct } from './values.ts';

const chart = new GoStruct('*chart.Metadata', { Name: 'mychart', Version: '0.1.0', AppVersion: '1.16.0' });
const top = (values: Record<string, unknown>) => ({ Values: values, Release: { Name: 'web', Namespace: 'default', Revision: 1n, IsInstall: true, IsUpgrade: false, Service: 'Helm' }, Chart: chart });

function one(text: string, values: Record<string, unknown> = {}, extra: { name: string; text: string }[] = []): string {
  return render([{ name: 'mychart/templates/t.yaml', text }, ...extra].map((f) => ({ ...f, values: top(values) }))).get('mychart/templates/t.yaml')!;
}

function failure(text: string, values: Record<string, unknown> = {}): string {
  try {
    one(text, values);
  } catch (e) {
    expect(e).toBeInstanceOf(RenderError);
    return (e as Error).message;
  }
  throw new Error('rendered without error');
}

describe('text/template and sprig', () => {
  // Expected outputs as Go's text/template with sprig and helm's functions print them.
  it.each([
    ['{{ .Release.Name }}-{{ .Chart.Name }}', {}, 'web-mychart'],
    ['a  {{- " b " -}}  c', {}, 'a b c'],
    ['{{ .Values.missing }}|', {}, '|'],
    ['{{ .Values.n }} {{ .Values.big }} {{ .Values.f }}', { n: 3, big: 1234567, f: 0.5 }, '3 1.234567e+06 0.5'],
    ['{{ if .Values.on }}yes{{ else if .Values.other }}other{{ else }}no{{ end }}', { other: 'x' }, 'other'],
    ['{{ with .Values.img }}{{ .repo }}:{{ .tag }}{{ end }}', { img: { repo: 'nginx', tag: '1.27' } }, 'nginx:1.27'],
    ['{{ range .Values.l }}[{{ . }}]{{ end }}', { l: ['a', 'b'] }, '[a][b]'],
    ['{{ range $k, $v := .Values.m }}{{ $k }}={{ $v }};{{ end }}', { m: { b: 2, a: 1 } }, 'a=1;b=2;'],
    ['{{ range $i, $v := .Values.l }}{{ $i }}{{ $v }}{{ end }}', { l: ['x', 'y'] }, '0x1y'],
    ['{{ range .Values.none }}x{{ else }}empty{{ end }}', {}, 'empty'],
    ['{{ $n := .Release.Name }}{{ range .Values.l }}{{ $n }}{{ $.Chart.Name }}{{ end }}', { l: [1] }, 'webmychart'],
    ['{{ define "x" }}<{{ . }}>{{ end }}{{ template "x" "a" }}{{ include "x" "b" | upper }}', {}, '<a><B>'],
    ['{{ default "d" .Values.v }} {{ .Values.w | default "d" }}', { w: 'w' }, 'd w'],
    ['{{ quote "a\\"b" }} {{ squote "c" }} {{ 3 | quote }}', {}, '"a\\"b" \'c\' "3"'],
    ['{{ upper "ab" }}{{ lower "CD" }} {{ title "hello world" }}', {}, 'ABcd Hello World'],
    ['{{ trunc 3 "abcdef" }} {{ trunc -2 "abcdef" }} {{ "x-" | trimSuffix "-" }} {{ trimPrefix "v" "v1" }}', {}, 'abc ef x 1'],
    ['{{ replace "+" "_" "a+b" }} {{ printf "%s-%d-%v-%q" "a" 3 true "q" }}', {}, 'a_b a-3-true-"q"'],
    ['{{ printf "%d" .Values.n }}', { n: 3 }, '%!d(float64=3)'],
    ['x:{{ "a\\nb" | indent 2 }}|{{ "c" | nindent 4 }}', {}, 'x:  a\n  b|\n    c'],
    ['{{ toYaml .Values.m }}', { m: { b: [1, 'x'], a: { c: true } } }, 'a:\n  c: true\nb:\n- 1\n- x'],
    ['{{ toJson .Values.m }}', { m: { b: '<', a: 1 } }, '{"a":1,"b":"\\u003c"}'],
    ['{{ eq .Release.Name "web" }} {{ ne 1 2 }} {{ lt 1 2 }} {{ gt 1.5 2.5 }} {{ and 1 0 }} {{ or 0 "x" }} {{ not "" }}', {}, 'true true true false 0 x true'],
    ['{{ empty .Values.e }} {{ empty .Values.l }} {{ hasKey .Values "l" }} {{ len .Values.l }}', { e: {}, l: [1] }, 'true false true 1'],
    ['{{ list 1 "a" }} {{ dict "k" "v" "n" 1 }} {{ index .Values.l 1 }} {{ index .Values.m "k" }}', { l: ['a', 'b'], m: { k: 'v' } }, '[1 a] map[k:v n:1] b v'],
    ['{{ b64enc "hello" }} {{ sha256sum "abc" | trunc 8 }}', {}, 'aGVsbG8= ba7816bf'],
    ['{{ tpl .Values.t . }}', { t: '{{ .Release.Name }}-x' }, 'web-x'],
    ['{{ required "need it" .Values.v }}', { v: 'ok' }, 'ok'],
    ['{{/* a comment */}}a{{- /* trimmed */ -}} b', {}, 'ab'],
    ['{{ (list 1 2) | len }} {{ .Values.m.k | quote }}', { m: { k: 'v' } }, '2 "v"'],
  ])('%s', (text, values, want) => {
    expect(one(text, values)).toBe(want);
  });

  it('makes a define available to every file of the chart (helpers in _helpers.tpl are not rendered themselves)', () => {
    const out = render([
      { name: 'mychart/templates/_helpers.tpl', text: '{{- define "mychart.fullname" -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 63 }}{{- end }}' },
      { name: 'mychart/templates/svc.yaml', text: 'name: {{ include "mychart.fullname" . }}' },
    ].map((f) => ({ ...f, values: top({}) })));
    expect([...out.keys()]).toEqual(['mychart/templates/svc.yaml']);
    expect(out.get('mychart/templates/svc.yaml')).toBe('name: web-mychart');
  });

  // Errors as helm prints them after "Error: INSTALLATION FAILED: " (Go's ExecError wording, helm's cleanup).
  it.each([
    ['spec:\n  replicas: {{ .Values.foo.bar }}\n', 'template: mychart/templates/t.yaml:2:15: executing "mychart/templates/t.yaml" at <.Values.foo.bar>: nil pointer evaluating interface {}.bar'],
    ['a: {{ .Values.s.x }}', 'template: mychart/templates/t.yaml:1:6: executing "mychart/templates/t.yaml" at <.Values.s.x>: can\'t evaluate field x in type interface {}'],
    ['a: {{ .Chart.Nope }}', 'template: mychart/templates/t.yaml:1:6: executing "mychart/templates/t.yaml" at <.Chart.Nope>: can\'t evaluate field Nope in type *chart.Metadata'],
    ['x\n  image: {{ required "image.tag is required" .Values.tag }}', 'execution error at (mychart/templates/t.yaml:2:12): image.tag is required'],
    ['{{ fail "stop here" }}', 'execution error at (mychart/templates/t.yaml:1:3): stop here'],
    ['{{ nope 1 }}', 'parse error at (mychart/templates/t.yaml:1): function "nope" not defined'],
    ['a\n{{ if .Values.x }}', 'parse error at (mychart/templates/t.yaml:2): unexpected EOF'],
    ['{{ end }}', 'parse error at (mychart/templates/t.yaml:1): unexpected {{end}}'],
    ['{{ $x }}', 'parse error at (mychart/templates/t.yaml:1): undefined variable "$x"'],
    ['{{ eq .Values.n 1 }}', 'template: mychart/templates/t.yaml:1:3: executing "mychart/templates/t.yaml" at <eq .Values.n 1>: error calling eq: incompatible types for comparison'],
    ['{{ quote }}{{ include "missing" . }}', 'template: mychart/templates/t.yaml:1:14: executing "mychart/templates/t.yaml" at <include "missing" .>: error calling include: template: no template "missing" associated with template "gotpl"'],
    ['{{ template "missing" }}', 'template: mychart/templates/t.yaml:1:3: executing "mychart/templates/t.yaml" at <{{template "missing"...>: template: no template "missing" associated with template "mychart/templates/t.yaml"'],
  ])('%s fails', (text, want) => {
    expect(failure(text, { s: 'str', n: 1 })).toBe(want);
  });

  it('truncates the node in an error to 20 characters, as Go does', () => {
    expect(failure('{{ .Values.aVeryLongName.andMore }}')).toContain('at <.Values.aVeryLongNam...>: nil pointer evaluating interface {}.andMore');
  });
});

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean());
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
})).node;

describe('rendering properties', () => {
  it('toYaml reads back as the values it printed, and rendering twice gives the same text', () => {
    fc.assert(fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 4 }), (m) => {
      const text = 'root:\n  {{- toYaml .Values.m | nindent 2 }}\nkeys: {{ range $k, $v := .Values.m }}{{ $k }},{{ end }}\n';
      const out = one(text, { m });
      expect(one(text, { m })).toBe(out);
      const back = parseYaml(out) as { root: unknown; keys: string };
      expect(back.root).toEqual(m);
      expect(back.keys).toBe(Object.keys(m).sort().map((k) => `${k},`).join(''));
    }), { numRuns: 150 });
  });
});
