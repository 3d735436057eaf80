// The resource browser: `kubectl get KIND -A` as a table with kubectl's own columns (the worker runs the
// engine's table printer), sortable, filterable, with virtualized rows so thousands of objects scroll
// smoothly. A row opens the object in the detail drawer.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { ObjectRef, ResourceKindView, ResourceRowView, ResourceTableView } from '../../worker/protocol.ts';
import { useClusterViewEvery, type ClusterViewStore } from '../state/clusterStore.ts';
import { sortRows, type SortState } from './sort.ts';

export interface ResourceBrowserProps {
  engine: Pick<EngineClient, 'kinds' | 'table'>;
  store: ClusterViewStore;
  selected?: ObjectRef;
  onOpen(ref: ObjectRef): void;
}

const ROW_HEIGHT = 26;
const REFRESH_MS = 1000;

export function ResourceBrowser({ engine, store, selected, onOpen }: ResourceBrowserProps) {
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<ResourceKindView[]>([]);
  const [kind, setKind] = useState('Pod');
  const [table, setTable] = useState<ResourceTableView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState | undefined>();
  const seq = useClusterViewEvery(store, (s) => s.seq, REFRESH_MS);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void engine.kinds().then(setKinds);
  }, [engine]);

  useEffect(() => {
    let live = true;
    engine.table(kind).then(
      (tb) => {
        if (!live) return;
        setTable(tb);
        setError(undefined);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => void (live = false);
  }, [engine, kind, seq]);

  const rows = useMemo(() => {
    if (!table || table.kind !== kind) return [];
    const needle = filter.trim().toLowerCase();
    const matching = needle ? table.rows.filter((r) => r.cells.some((c) => c.toLowerCase().includes(needle))) : table.rows;
    return sortRows(matching, sort);
  }, [table, kind, filter, sort]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const headers = table?.kind === kind ? table.headers : [];
  const columns = headers.map((h) => (h === 'NAME' || h === 'MESSAGE' ? 'minmax(12ch, 2fr)' : 'minmax(7ch, 1fr)')).join(' ');
  const open = (r: ResourceRowView) => onOpen({ kind, namespace: r.namespace, name: r.name });
  const isSelected = (r: ResourceRowView) => selected?.kind === kind && selected.name === r.name && selected.namespace === r.namespace;

  return (
    <section className="resources" data-testid="resource-browser" data-kind={kind}>
      <div className="resources-toolbar">
        <label className="sr-only" htmlFor="resource-kind">{t('resources.kind')}</label>
        <select id="resource-kind" data-testid="resource-kind" value={kind} onChange={(e) => {
          setKind(e.target.value);
          setSort(undefined);
        }}>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>{k.resource}</option>
          ))}
        </select>
        <input
          className="resources-filter"
          data-testid="resource-filter"
          type="search"
          placeholder={t('resources.filter')}
          aria-label={t('resources.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="pane-count" data-testid="resource-count">{t('resources.count', { count: rows.length })}</span>
        <code className="resources-command">kubectl get {kinds.find((k) => k.kind === kind)?.resource ?? kind}{kinds.find((k) => k.kind === kind)?.namespaced ? ' -A' : ''}</code>
      </div>
      {error && <div className="banner banner-error" role="alert">{error}</div>}
      <div className="resources-table" role="table" aria-label={t('resources.tableLabel', { kind })} aria-rowcount={rows.length + 1}>
        <div className="resources-row resources-head" role="row" style={{ gridTemplateColumns: columns }}>
          {headers.map((h, i) => {
            const dir = sort?.column === i ? sort.dir : undefined;
            return (
              <button
                key={h}
                type="button"
                role="columnheader"
                aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                className="resources-cell resources-th"
                data-testid="resource-header"
                onClick={() => setSort(dir === 'asc' ? { column: i, dir: 'desc' } : dir === 'desc' ? undefined : { column: i, dir: 'asc' })}
              >
                {h}
                <span className="sort-mark" aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}</span>
              </button>
            );
          })}
        </div>
        <div className="resources-scroll" ref={scroller} data-testid="resource-scroll">
          {rows.length === 0 && table?.kind === kind && <div className="empty">{t('resources.none')}</div>}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
            {virtualizer.getVirtualItems().map((v) => {
              const r = rows[v.index];
              return (
                <div
                  key={r.key}
                  role="row"
                  tabIndex={0}
                  aria-rowindex={v.index + 2}
                  aria-selected={isSelected(r)}
                  className={`resources-row ${isSelected(r) ? 'selected' : ''}`}
                  data-testid="resource-row"
                  data-key={r.key}
                  style={{ gridTemplateColumns: columns, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => open(r)}
                  onKeyDown={(e) => e.key === 'Enter' && open(r)}
                >
                  {r.cells.map((c, i) => (
                    <span key={i} role="cell" className="resources-cell" title={c}>{c}</span>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
