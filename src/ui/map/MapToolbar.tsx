// The map's view switch, search and filters, and the level it is zoomed into (cluster › group › slice).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cachedT } from '../i18n/cachedT.ts';
import { DEFAULT_FILTERS, type MapFilters } from './filters.ts';
import { GROUP_BYS, type GroupBy } from './grouping.ts';
import { useGroupTitle } from './GroupCards.tsx';
import type { Crumb } from './layout.ts';
import { TONES } from './tone.ts';

/** Suggestions for the kind filter; any other kind (a custom resource's) can be typed. */
const OWNER_KIND_SUGGESTIONS = ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'CronJob', 'Job', 'Pod', 'Service', 'PersistentVolumeClaim', 'PersistentVolume'];
const CONTROLLER_KIND_SUGGESTIONS = ['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'Node'];

export interface MapToolbarProps {
  filters: MapFilters;
  onChange(patch: Partial<MapFilters>): void;
  namespaces: readonly string[];
  selectorError?: string;
  shown: number;
  total: number;
}

export function MapToolbar({ filters: f, onChange, namespaces, selectorError, shown, total }: MapToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="map-filters nodrag nopan" role="search" aria-label={cachedT(t, 'pagemap.toolbar.label')} data-testid="map-filters">
      <FilterControls filters={f} onChange={onChange} namespaces={namespaces} selectorError={selectorError} />
      {f.mode !== 'owners' && <span className="filter-count" data-testid="filter-count" data-shown={shown} data-total={total}>{cachedT(t, 'pagemap.toolbar.shown', { shown, total })}</span>}
      {selectorError && <div className="filter-error" role="alert" data-testid="filter-selector-error">{cachedT(t, 'pagemap.toolbar.selectorError', { message: selectorError })}</div>}
    </div>
  );
}

/** The controls, apart from the counts that change with every pod: they re-render only when a filter does. */
const FilterControls = memo(function FilterControls({ filters: f, onChange, namespaces, selectorError }: Omit<MapToolbarProps, 'shown' | 'total'>) {
  const { t } = useTranslation();
  const owners = f.mode === 'owners';
  return (
    <>
      <div className="map-mode" role="radiogroup" aria-label={t('pagemap.toolbar.mode')}>
        {(['nodes', 'owners'] as const).map((m) => (
          <button key={m} type="button" role="radio" aria-checked={f.mode === m} className={`view-tab ${f.mode === m ? 'active' : ''}`} data-testid={`map-mode-${m}`} onClick={() => onChange({ mode: m })}>
            {t(m === 'nodes' ? 'pagemap.toolbar.modeNodes' : 'pagemap.toolbar.modeOwners')}
          </button>
        ))}
      </div>
      <select aria-label={t('pagemap.toolbar.namespace')} data-testid="filter-namespace" value={f.namespace} onChange={(e) => onChange({ namespace: e.target.value })}>
        <option value="">{t('pagemap.toolbar.allNamespaces')}</option>
        {[...new Set([...namespaces, ...(f.namespace ? [f.namespace] : [])])].sort().map((ns) => (
          <option key={ns} value={ns}>{ns}</option>
        ))}
      </select>
      <input
        className={`filter-selector ${selectorError ? 'has-error' : ''}`}
        aria-label={t('pagemap.toolbar.selector')}
        aria-invalid={!!selectorError}
        data-testid="filter-selector"
        placeholder={t('pagemap.toolbar.selectorPlaceholder')}
        value={f.selector}
        spellCheck={false}
        onChange={(e) => onChange({ selector: e.target.value })}
      />
      <input
        list={owners ? 'map-owner-kinds' : 'map-controller-kinds'}
        aria-label={t('pagemap.toolbar.kind')}
        title={t(owners ? 'pagemap.toolbar.kindHintOwners' : 'pagemap.toolbar.kindHintNodes')}
        data-testid="filter-kind"
        placeholder={t('pagemap.toolbar.allKinds')}
        value={f.kind}
        spellCheck={false}
        onChange={(e) => onChange({ kind: e.target.value.trim() })}
      />
      <datalist id="map-owner-kinds">{OWNER_KIND_SUGGESTIONS.map((k) => <option key={k} value={k} />)}</datalist>
      <datalist id="map-controller-kinds">{CONTROLLER_KIND_SUGGESTIONS.map((k) => <option key={k} value={k} />)}</datalist>
      {!owners && (
        <select aria-label={t('pagemap.toolbar.state')} data-testid="filter-state" value={f.state} onChange={(e) => onChange({ state: e.target.value as MapFilters['state'] })}>
          <option value="">{t('pagemap.toolbar.allStates')}</option>
          {TONES.map((tone) => <option key={tone} value={tone}>{t(`map.legend.${tone}`)}</option>)}
        </select>
      )}
      <input
        type="search"
        aria-label={t('pagemap.toolbar.search')}
        data-testid="filter-search"
        placeholder={t('pagemap.toolbar.searchPlaceholder')}
        value={f.search}
        onChange={(e) => onChange({ search: e.target.value })}
      />
      {!owners && (
        <label className="filter-group">
          {t('pagemap.toolbar.groupBy')}
          <select data-testid="filter-group" value={f.groupBy} onChange={(e) => onChange({ groupBy: e.target.value as GroupBy, focus: '' })}>
            {GROUP_BYS.map((g) => <option key={g} value={g}>{t(`pagemap.groupBy.${g}`)}</option>)}
          </select>
        </label>
      )}
      <button type="button" className="btn btn-small" data-testid="filter-clear" onClick={() => onChange({ ...DEFAULT_FILTERS, mode: f.mode })}>
        {t('pagemap.toolbar.clear')}
      </button>
    </>
  );
});

export function MapCrumbs({ crumbs, groupBy, onFocus }: { crumbs: readonly Crumb[]; groupBy: GroupBy; onFocus(focus: string): void }) {
  const { t } = useTranslation();
  const title = useGroupTitle();
  if (crumbs.length < 2) return null;
  return (
    <nav className="map-crumbs" aria-label={t('pagemap.crumbs.label')} data-testid="map-crumbs">
      {crumbs.map((c, i) => (
        <span key={c.focus || 'cluster'}>
          {i > 0 && ' › '}
          <button type="button" className="crumb" disabled={i === crumbs.length - 1} onClick={() => onFocus(c.focus)} data-testid="map-crumb" data-focus={c.focus}>
            {c.summary ? title(c.summary, groupBy) : t('pagemap.crumbs.cluster')}
          </button>
        </span>
      ))}
    </nav>
  );
}
