// A group of nodes on the map: as an aggregated tile (node count, pods by state, capacity use; click to see
// inside) when the cluster is too large to draw node by node, or as the titled band behind its node cards.
import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatCpu } from '../format.ts';
import { CapacityBar } from './CapacityBar.tsx';
import type { GroupBy, GroupSummary } from './grouping.ts';
import { ALL_TONES } from './tone.ts';
import type { AggregateFlowNode, BandFlowNode } from './layout.ts';
import { useMapFocus } from './mapContext.ts';

/** "zone-a", "zone-a · w1…w60" for a slice, "no zone" for nodes without the label. */
export function useGroupTitle(): (s: GroupSummary, by: GroupBy) => string {
  const { t } = useTranslation();
  return (s, by) => {
    const base = s.label || (by === 'none' ? t('pagemap.allNodes') : t(`pagemap.noLabel.${by}`));
    return s.key.includes('#') && s.first ? `${base} · ${s.first}…${s.last}` : base;
  };
}

function ToneStrip({ s }: { s: GroupSummary }) {
  const { t } = useTranslation();
  return (
    <div className="agg-tones">
      <div className="agg-tone-bar">
        {ALL_TONES.map((tone) =>
          s.pods[tone] ? <span key={tone} className={`tone-${tone}`} style={{ flexGrow: s.pods[tone] }} /> : null,
        )}
      </div>
      <div className="agg-tone-counts">
        {ALL_TONES.filter((tone) => s.pods[tone] > 0).map((tone) => (
          <span key={tone} data-tone={tone} data-count={s.pods[tone]} className="agg-tone-count">
            <span className={`legend-swatch tone-${tone}`} />
            {s.pods[tone]} {t(tone === 'unknown' ? 'pagemap.unknown' : `map.legend.${tone}`)}
          </span>
        ))}
      </div>
    </div>
  );
}

function Capacity({ s }: { s: GroupSummary }) {
  const { t } = useTranslation();
  return (
    <div className="bars">
      <CapacityBar testId="bar-cpu" label={t('map.cpu')} used={s.requested.cpuMilli} total={s.allocatable.cpuMilli} format={formatCpu} />
      <CapacityBar testId="bar-memory" label={t('map.memory')} used={s.requested.memoryBytes} total={s.allocatable.memoryBytes} format={formatBytes} />
      <CapacityBar testId="bar-pods" label={t('map.pods')} used={s.requested.pods} total={s.allocatable.pods} format={String} />
      {s.allocatable.gpus > 0 && <CapacityBar testId="bar-gpus" label={t('pagemap.gpus')} used={s.requested.gpus} total={s.allocatable.gpus} format={String} />}
    </div>
  );
}

export const AggregateTile = memo(function AggregateTile({ data }: NodeProps<AggregateFlowNode>) {
  const { t } = useTranslation();
  const focus = useMapFocus();
  const title = useGroupTitle();
  const s = data.summary;
  return (
    <button
      type="button"
      className={`agg-tile ${s.readyNodes < s.nodes ? 'has-not-ready' : ''}`}
      data-testid="group-tile"
      data-group={s.key}
      data-nodes={s.nodes}
      data-pods={s.podTotal}
      onClick={() => focus(s.key)}
      title={t('pagemap.tileHint')}
    >
      <div className="agg-head">
        <span className="kube-node-name">{title(s, data.groupBy)}</span>
        <span className={`chip ${s.readyNodes < s.nodes ? 'chip-bad' : 'chip-ok'}`}>{t('pagemap.readyNodes', { ready: s.readyNodes, count: s.nodes })}</span>
      </div>
      <div className="kube-node-sub">{t('map.nodeSummary', { count: s.podTotal })}</div>
      <ToneStrip s={s} />
      <Capacity s={s} />
    </button>
  );
});

export const BandCard = memo(function BandCard({ data }: NodeProps<BandFlowNode>) {
  const { t } = useTranslation();
  const focus = useMapFocus();
  const title = useGroupTitle();
  const s = data.summary;
  return (
    <div className="group-band" data-testid="group-band" data-group={s.key} data-nodes={s.nodes}>
      <div className="group-band-head">
        <button type="button" className="group-band-title nodrag nopan" onClick={() => focus(s.key)} title={t('pagemap.focusGroup')}>
          {t(`pagemap.groupBy.${data.groupBy}`)}: {title(s, data.groupBy)}
        </button>
        <span className="group-band-figures">
          {t('pagemap.readyNodes', { ready: s.readyNodes, count: s.nodes })} · {t('map.nodeSummary', { count: s.podTotal })} · {t('map.cpu')}{' '}
          {formatCpu(s.requested.cpuMilli)}/{formatCpu(s.allocatable.cpuMilli)} · {t('map.memory')} {formatBytes(s.requested.memoryBytes)}/
          {formatBytes(s.allocatable.memoryBytes)}
          {s.allocatable.gpus > 0 && ` · ${t('pagemap.gpus')} ${s.requested.gpus}/${s.allocatable.gpus}`}
        </span>
      </div>
    </div>
  );
});
