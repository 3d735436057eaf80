// TypeScript operators lose their annotations and keep their behaviour; bad code is refused with its position.
import { describe, expect, it } from 'vitest';
import { OperatorCodeError, toJavaScript } from './typestrip.ts';

const run = (js: string, ...args: unknown[]) => (new Function(`${js}\nreturn reconcile;`)() as (...a: unknown[]) => unknown)(...args);

describe('operator code to JavaScript', () => {
  it('strips interfaces, type aliases, annotations, casts and non-null assertions', async () => {
    const ts = `interface Site { spec: { replicas?: number } }
type Client = { event(t: string, r: string, m: string): void };
function reconcile(site: Site | undefined, client: Client): number {
  const replicas = (site!.spec.replicas ?? 1) as number;
  const doubled: number = <number>replicas * 2;
  return doubled;
}`;
    const js = await toJavaScript(ts, 'typescript');
    expect(js).not.toMatch(/interface|type Client|: number|as number|<number>|!\./);
    expect(run(js, { spec: { replicas: 3 } })).toBe(6);
  });

  it('leaves JavaScript as written', async () => {
    const js = 'function reconcile(o) { return o + 1; }';
    expect(await toJavaScript(js, 'javascript')).toBe(js);
  });

  it('reports a TypeScript syntax error with its line and column', async () => {
    await expect(toJavaScript('function reconcile(site: {\n  return 1;\n}', 'typescript')).rejects.toThrow(OperatorCodeError);
    await expect(toJavaScript('let x: = 1;', 'typescript')).rejects.toThrow(/^SyntaxError: Unexpected token \(1:8\)$/);
  });

  it.each([
    ['an import', "import { x } from './x.js';\nfunction reconcile() {}"],
    ['an export', 'export function reconcile() {}'],
    ['a dynamic import', "function reconcile() { return import('https://example.invalid/x.js'); }"],
    ['import.meta', 'function reconcile() { return import.meta.url; }'],
  ])('refuses %s: an operator is one script', async (_what, code) => {
    await expect(toJavaScript(code, 'javascript')).rejects.toThrow('SyntaxError: an operator is one script: import, export and import() are not available');
  });
});
