// The operator editor takes JavaScript or TypeScript; TypeScript's annotations are stripped (sucrase's
// typescript transform: types go, nothing is type-checked, the rest is left as written). Module syntax has no
// place in an operator: it is one script defining reconcile(object, client). Sucrase is a quarter of the worker's
// code and only TypeScript operators need it: it loads with the first one.
import type { OperatorLanguage } from './protocol.ts';

export class OperatorCodeError extends Error {}

/** Code that loads other code: the sandbox removes fetch and importScripts, and refuses these before running. */
const LOADS_CODE = /\bimport\s*\(|\bimport\s*\.\s*meta\b|^\s*(import|export)\b/m;

/** The JavaScript to run, or an OperatorCodeError (a syntax error, with line and column, or module syntax). */
export async function toJavaScript(code: string, language: OperatorLanguage): Promise<string> {
  let js = code;
  if (language === 'typescript') {
    const { transform } = await import('sucrase');
    try {
      js = transform(code, { transforms: ['typescript'], disableESTransforms: true }).code;
    } catch (e) {
      throw new OperatorCodeError(`SyntaxError: ${(e as Error).message}`);
    }
  }
  if (LOADS_CODE.test(js)) throw new OperatorCodeError('SyntaxError: an operator is one script: import, export and import() are not available');
  return js;
}
