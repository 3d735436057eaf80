// What a kind's table printer declares: its columns (wide-only ones have priority 1, as upstream) and a
// function producing one row with a cell for every column, wide or not.
import type { KubeObject } from '../../../api/object.ts';

export interface Column {
  /** Header as upstream declares it ("Nominated Node"); printed upper-cased. */
  name: string;
  /** Only shown with -o wide (upstream Priority: 1). */
  wide?: boolean;
}

export interface RowContext {
  now: number;
}

export interface TableDef {
  columns: Column[];
  row(obj: KubeObject, ctx: RowContext): string[];
}

/** View a stored object as its kubernetes-types shape. */
export function typed<T>(obj: KubeObject): T {
  return obj as unknown as T;
}

/** Lay out all the containers on one line (-o wide CONTAINERS and IMAGES). */
export function containerCells(containers: { name: string; image?: string }[] | undefined): [string, string] {
  const list = containers ?? [];
  return [list.map((c) => c.name).join(','), list.map((c) => c.image ?? '').join(',')];
}
