import { describe, expect, it } from 'vitest';
import { appendText, type Line } from './scrollback.ts';

const texts = (lines: Line[]) => lines.map((l) => `${l.kind}:${l.text}`);

describe('terminal scrollback', () => {
  it('makes a block per output, its final newline dropped', () => {
    let lines: Line[] = [];
    lines = appendText(lines, 'cmd', 'kubectl get pods', 1, 10);
    lines = appendText(lines, 'out', 'NAME\nweb\n', 2, 10);
    lines = appendText(lines, 'out', 'api\n', 3, 10);
    expect(texts(lines)).toEqual(['cmd:kubectl get pods', 'out:NAME\nweb', 'out:api']);
    expect(appendText(lines, 'err', '', 4, 10)).toBe(lines);
  });

  it('continues an output block left without a newline, as -o jsonpath with -w prints', () => {
    let lines: Line[] = [];
    lines = appendText(lines, 'out', 'ab', 1, 10);
    lines = appendText(lines, 'out', 'c', 2, 10);
    lines = appendText(lines, 'err', 'warning\n', 3, 10);
    lines = appendText(lines, 'out', 'd\ne\n', 4, 10);
    lines = appendText(lines, 'out', 'f\n', 5, 10);
    expect(texts(lines)).toEqual(['out:abc', 'err:warning', 'out:d\ne', 'out:f']);
    expect(lines.map((l) => l.id)).toEqual([1, 3, 4, 5]);
  });

  it('keeps the last max blocks', () => {
    let lines: Line[] = [];
    for (let i = 1; i <= 5; i++) lines = appendText(lines, 'out', `${i}\n`, i, 3);
    expect(texts(lines)).toEqual(['out:3', 'out:4', 'out:5']);
  });
});
