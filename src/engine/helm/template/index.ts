// helm's engine.Render: every template of a chart parsed into one set (so defines are shared), each file that is
// not a partial (_*.tpl) executed with the render values, "<no value>" removed, and errors cleaned up as helm does.
import { ExecError, State, type TemplateSet } from './exec.ts';
import { FUNCS, FUNC_NAMES, HELM_ERR_END, HELM_ERR_START } from './funcs.ts';
import { parse, TemplateParseError, type Tree } from './parse.ts';
import { GoStruct } from './values.ts';

export { GoStruct } from './values.ts';

/** A template or render error, worded as helm prints it after "Error: ". */
export class RenderError extends Error {}

export interface TemplateFile {
  /** The name templates are known by: "mychart/templates/deployment.yaml". */
  name: string;
  text: string;
  /** The top-level objects this file is executed with (.Values, .Chart …: each chart of a tree has its own). */
  values: Record<string, unknown>;
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** helm's cleanupParseError: `parse error at (FILE:LINE): MESSAGE`. */
function parseError(e: TemplateParseError): RenderError {
  const tokens = e.message.split(': ');
  return new RenderError(`parse error at (${tokens[1]}): ${tokens[tokens.length - 1]}`);
}

/** helm's cleanupExecError: required and fail show their own message at the template's position. */
function execError(e: ExecError): RenderError {
  const msg = e.message;
  const start = msg.indexOf(HELM_ERR_START);
  if (start >= 0) {
    const location = msg.split(': ')[1];
    return new RenderError(`execution error at (${location}): ${msg.slice(start + HELM_ERR_START.length, msg.indexOf(HELM_ERR_END))}`);
  }
  return new RenderError(msg);
}

/** Render a chart's templates: file name → text, for every file that is not a partial. */
export function render(files: readonly TemplateFile[]): Map<string, string> {
  const set: TemplateSet = { trees: new Map<string, Tree>(), funcs: new Map(FUNCS) };
  // Deeper files first, then by name: a parent chart's define overrides a subchart's (helm's sortTemplates).
  const sorted = [...files].sort((a, b) => b.name.split('/').length - a.name.split('/').length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const f of sorted) {
    try {
      for (const t of parse(f.name, f.text, FUNC_NAMES)) set.trees.set(t.name, t);
    } catch (e) {
      if (e instanceof TemplateParseError) throw parseError(e);
      throw e;
    }
  }
  const out = new Map<string, string>();
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (baseName(f.name).startsWith('_')) continue;
    const basePath = f.name.split('/').slice(0, -1).join('/');
    const vals = { ...f.values, Template: new GoStruct('chartutil.Template', { Name: f.name, BasePath: basePath }) };
    try {
      out.set(f.name, new State(set, set.trees.get(f.name)!, vals).run(vals).replaceAll('<no value>', ''));
    } catch (e) {
      if (e instanceof ExecError) throw execError(e);
      throw e;
    }
  }
  return out;
}
