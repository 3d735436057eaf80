// kubectl get -o custom-columns=HEADER:.path,… and -o jsonpath=TEMPLATE (k8s.io/kubectl/pkg/cmd/get,
// cli-runtime's JSONPathPrinter): missing keys are allowed, a column with nothing prints <none>.
import type { KubeObject } from '../../api/object.ts';
import { CommandError } from '../context.ts';
import { goSprint } from './jsonpath/gofmt.ts';
import { JsonPath, JsonPathError, JsonPathParseError, relaxedJsonPathExpression } from './jsonpath/jsonpath.ts';
import { TABLE_TABWRITER, tabwrite } from './tabwriter.ts';

interface Column { header: string; path: JsonPath }

/** NewCustomColumnsPrinterFromSpec. */
function parseColumns(spec: string): Column[] {
  if (!spec) throw new CommandError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const i = part.indexOf(':');
    if (i < 0) throw new CommandError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    try {
      return { header: part.slice(0, i), path: new JsonPath(relaxedJsonPathExpression(part.slice(i + 1)), true) };
    } catch (e) {
      if (e instanceof JsonPathError || e instanceof JsonPathParseError) throw new CommandError(e.message);
      throw e;
    }
  });
}

export function printCustomColumns(spec: string, items: KubeObject[], noHeaders: boolean): string {
  const columns = parseColumns(spec);
  const lines = noHeaders ? [] : [columns.map((c) => c.header).join('\t')];
  for (const obj of items) {
    lines.push(columns.map((c) => {
      const values = c.path.findResults(obj);
      if (!values.length || !values[0].length) return '<none>';
      return values.flat().map(goSprint).join(',');
    }).join('\t'));
  }
  return tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, '');
}

/** -o jsonpath=TEMPLATE over one object or the List kubectl wraps several in. */
/** `asJson`: -o jsonpath-as-json, each result set as an indented JSON array. */
export function printJsonPath(template: string, data: unknown, asJson = false): string {
  let jp: JsonPath;
  try {
    jp = new JsonPath(template, true);
  } catch (e) {
    if (e instanceof JsonPathParseError) throw new CommandError(`error parsing jsonpath ${template}, ${e.message}`);
    throw e;
  }
  try {
    return asJson ? jp.executeJSON(data) : jp.execute(data);
  } catch (e) {
    // Simplification: kubectl also dumps the object given to the engine (Go's %#v); only the template is shown.
    if (e instanceof JsonPathError) {
      throw new CommandError(`error executing jsonpath "${template}": Error executing template: ${e.message}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t${template}`);
    }
    throw e;
  }
}
