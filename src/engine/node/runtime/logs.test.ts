import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOG_BUFFER_LINES, LogBuffer, serverStartLines } from './logs.ts';

describe('LogBuffer', () => {
  it('keeps the most recent LOG_BUFFER_LINES lines in order, whatever was written', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: LOG_BUFFER_LINES * 3 + 5 }), (n) => {
      const b = new LogBuffer();
      for (let i = 0; i < n; i++) b.add(i * 10, `line ${i}`);
      const from = Math.max(0, n - LOG_BUFFER_LINES);
      const want = Array.from({ length: n - from }, (_, j) => ({ at: (from + j) * 10, text: `line ${from + j}` }));
      expect(b.all()).toEqual(want);
    }), { numRuns: 30 });
  });

  it('property: lines added one by one or in runs read back as the most recent LOG_BUFFER_LINES, in order', () => {
    const run = fc.integer({ min: 0, max: LOG_BUFFER_LINES + 5 }).map((n) => Array.from({ length: n }, (_, i) => `r${i}`));
    const write = fc.oneof(fc.string({ maxLength: 3 }), run, fc.integer({ min: 1, max: LOG_BUFFER_LINES }));
    fc.assert(fc.property(fc.array(write, { maxLength: 8 }), (writes) => {
      const b = new LogBuffer();
      const want: { at: number; text: string }[] = [];
      writes.forEach((w, at) => {
        // A number: that many lines one by one.
        const texts = typeof w === 'string' ? [w] : typeof w === 'number' ? Array.from({ length: w }, (_, i) => `l${i}`) : w;
        if (Array.isArray(w)) b.addAll(at, Object.freeze(w)); else for (const t of texts) b.add(at, t);
        for (const text of texts) want.push({ at, text });
      });
      expect(b.all()).toEqual(want.slice(-LOG_BUFFER_LINES));
    }), { numRuns: 200 });
  });
});

describe('serverStartLines', () => {
  it('gives the same lines for the same server, moment and tag, and other lines for another moment', () => {
    const a = serverStartLines('nginx', { now: 1_767_225_600_000, podIP: '10.0.0.1', tag: '1.27' });
    const b = serverStartLines('nginx', { now: 1_767_225_600_000, podIP: '10.0.0.2', tag: '1.27' });
    expect(b).toBe(a);
    expect(a).toContain('2026/01/01 00:00:00 [notice] 1#1: nginx/1.27.0');
    const later = serverStartLines('nginx', { now: 1_767_225_601_000, podIP: '10.0.0.1', tag: '1.27' });
    expect(later).toContain('2026/01/01 00:00:01 [notice] 1#1: nginx/1.27.0');
  });

  it('names the pod IP for httpd, so two pods never share its lines', () => {
    const a = serverStartLines('httpd', { now: 0, podIP: '10.0.0.1', tag: '2.4' });
    const b = serverStartLines('httpd', { now: 0, podIP: '10.0.0.2', tag: '2.4' });
    expect(a.some((l) => l.includes('using 10.0.0.1.'))).toBe(true);
    expect(b.some((l) => l.includes('using 10.0.0.2.'))).toBe(true);
  });
});
