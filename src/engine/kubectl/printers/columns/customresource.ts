// Tables of CustomResourceDefinitions (NAME, CREATED AT) and of custom resources: NAME then the CRD's
// additionalPrinterColumns (priority > 0 only with -o wide), as the API server's table convertor builds them
// (apiextensions-apiserver pkg/registry/customresource/tableconvertor); without columns, NAME and AGE.
import type { CustomKindInfo } from '../../../api/kinds.ts';
import { goJson } from '../../../api/gojson.ts';
import { goValueText } from '../jsonpath/gofmt.ts';
import { JsonPath, relaxedJsonPathExpression } from '../jsonpath/jsonpath.ts';
import { translateTimestampSince } from '../time.ts';
import { genericTable } from './simple.ts';
import type { TableDef } from './column.ts';

export const customResourceDefinitionTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Created At' }],
  row: (obj) => [obj.metadata?.name ?? '', obj.metadata?.creationTimestamp ?? ''],
};

/** cellForJSONValue: a cell of the column's type, or nothing (an empty cell) for a value of another type. */
function cell(type: string, v: unknown, now: number): string {
  switch (type) {
    case 'integer': return typeof v === 'number' ? String(Math.trunc(v)) : '';
    case 'number': return typeof v === 'number' ? goValueText(v) : '';
    case 'boolean': return typeof v === 'boolean' ? String(v) : '';
    case 'date': return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? translateTimestampSince(v, now) : '';
    default: return Array.isArray(v) || (typeof v === 'object' && v !== null) ? goJson(v) : goValueText(v);
  }
}

const tables = new WeakMap<CustomKindInfo, TableDef>();

export function customResourceTable(custom: CustomKindInfo): TableDef {
  if (!custom.printerColumns.length) return genericTable;
  let table = tables.get(custom);
  if (table) return table;
  // A column whose path does not parse prints nothing, as a column whose path finds nothing.
  const paths = custom.printerColumns.map((c) => {
    try { return new JsonPath(relaxedJsonPathExpression(c.jsonPath), true); } catch { return undefined; }
  });
  table = {
    columns: [{ name: 'Name' }, ...custom.printerColumns.map((c) => ({ name: c.name, wide: (c.priority ?? 0) > 0 }))],
    row(obj, { now }) {
      return [obj.metadata?.name ?? '', ...custom.printerColumns.map((c, i) => {
        const results = paths[i]?.findResults(obj);
        if (!results?.length || !results[0].length) return '';
        return cell(c.type, results[0][0], now);
      })];
    },
  };
  tables.set(custom, table);
  return table;
}
