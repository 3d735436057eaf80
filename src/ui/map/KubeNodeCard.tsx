// A Kubernetes Node on the map: name, readiness, roles and taints, and how much of its allocatable CPU,
// memory, pod slots and GPUs the pods bound to it request, and its pods as tiles.
import { memo, useMemo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatCpu } from '../format.ts';
import { cachedT } from '../i18n/cachedT.ts';
import { CapacityBar } from './CapacityBar.tsx';
import { HEADER_HEIGHT, LANE_HEADER_HEIGHT, TILES_PER_ROW, type KubeNodeFlowNode, type LaneFlowNode } from './layout.ts';
import { PodTiles } from './PodTiles.tsx';
import { useMapOverlay, type NodeVerdict } from './mapContext.ts';
import { GpuSlots } from '../gpu/GpuSlots.tsx';

/** The scheduler's verdict on this node for the pod open in the drawer. */
function VerdictLine({ verdict }: { verdict: NodeVerdict }) {
  const { t } = useTranslation();
  const score = 'score' in verdict && verdict.score !== undefined ? ` · ${t('explain.score', { score: verdict.score })}` : '';
  const text =
    verdict.state === 'rejected'
      ? `✕ ${verdict.plugin}: ${verdict.reason}`
      : verdict.state === 'chosen'
        ? `✓ ${t('explain.chosen')}${score}`
        : verdict.state === 'feasible'
          ? `○ ${t('explain.feasible')}${score}`
          : verdict.state === 'nominated'
            ? `◎ ${t('explain.nominated')}`
            : `– ${t('explain.skipped')}`;
  return (
    <div className={`verdict verdict-${verdict.state}`} data-testid="node-verdict" data-state={verdict.state} title={text}>
      {text}
    </div>
  );
}

/** A card's fixed words, translated once per language rather than once per card render. */
function useCardWords() {
  const { t } = useTranslation();
  const words = useMemo(
    () => ({
      ready: t('map.ready'), notReady: t('map.notReady'), cordoned: t('map.cordoned'), noRoles: t('map.noRoles'),
      cpu: t('map.cpu'), memory: t('map.memory'), pods: t('map.pods'), gpus: t('pagemap.gpus'),
      noPodCIDR: t('map.noPodCIDR'), noPodCIDRTitle: t('map.noPodCIDRTitle'),
      scalingDown: t('map.scalingDown'), scalingDownTitle: t('map.scalingDownTitle'),
    }),
    [t],
  );
  return { t, words };
}

export const KubeNodeCard = memo(function KubeNodeCard({ data }: NodeProps<KubeNodeFlowNode>) {
  const { t, words } = useCardWords();
  const n = data.view;
  const overlay = useMapOverlay();
  const verdict = overlay.verdicts.get(n.name);
  const taints = n.taints.map((x) => `${x.key}${x.value ? `=${x.value}` : ''}:${x.effect}`).join(', ');
  const labels = Object.entries(n.labels).map(([k, v]) => `${k}=${v}`).join('\n');
  const title = n.podCIDR ? `${labels}\n${cachedT(t, 'map.podCIDR', { cidr: n.podCIDR })}` : labels;
  return (
    <div
      className={`kube-node ${n.ready ? 'is-ready' : 'is-not-ready'} ${n.unschedulable ? 'is-cordoned' : ''} ${verdict ? `has-verdict verdict-${verdict.state}` : ''} ${overlay.selectedNode === n.name ? 'is-selected' : ''}`}
      data-testid="node-card"
      data-node={n.name}
      data-ready={n.ready}
      data-unschedulable={n.unschedulable}
      data-verdict={verdict?.state ?? ''}
      title={title}
    >
      <GpuSlots node={n.name} />
      <div className="kube-node-head">
        <span className={`status-dot ${n.ready ? 'ok' : 'bad'}`} />
        <span className="kube-node-name">{n.name}</span>
        <span className={`chip ${n.ready ? 'chip-ok' : 'chip-bad'}`}>{n.ready ? words.ready : words.notReady}</span>
        {n.unschedulable && <span className="chip chip-warn">{words.cordoned}</span>}
        {n.scalingDown && <span className="chip chip-warn" data-testid="node-scaling-down" title={words.scalingDownTitle}>{words.scalingDown}</span>}
        {n.nodeGroup && <span className="chip" data-testid="node-group" title={cachedT(t, 'map.nodeGroupTitle', { group: n.nodeGroup })}>{n.nodeGroup}</span>}
        {!n.podCIDR && (
          <span className="chip chip-warn" data-testid="node-no-podcidr" title={words.noPodCIDRTitle}>
            {words.noPodCIDR}
          </span>
        )}
        <span className="kube-node-roles">{n.roles.length ? n.roles.join(',') : words.noRoles}</span>
        {overlay.openNodeMenu && (
          <button
            type="button"
            className="node-menu-button nodrag nopan"
            data-testid="node-menu-button"
            aria-label={cachedT(t, 'nodeMenu.open', { node: n.name })}
            aria-haspopup="menu"
            onClick={(e) => {
              e.stopPropagation();
              overlay.openNodeMenu?.(n.name, e.currentTarget.getBoundingClientRect());
            }}
          >
            ⋮
          </button>
        )}
      </div>
      {verdict ? (
        <VerdictLine verdict={verdict} />
      ) : (
        <div className="kube-node-sub">
          <span>{cachedT(t, 'map.nodeSummary', { count: data.podCount })}</span>
          {n.notReadyMessage && (
            <span className="kube-node-why" data-testid="node-not-ready-message" title={n.notReadyMessage}>
              {n.notReadyMessage}
            </span>
          )}
          {taints && (
            <span className="taints" title={t('map.taints', { taints })}>
              ⚑ {n.taints.length}
            </span>
          )}
        </div>
      )}
      <div className="bars">
        <CapacityBar testId="bar-cpu" label={words.cpu} used={n.requested.cpuMilli} total={n.allocatable.cpuMilli} format={formatCpu} />
        <CapacityBar testId="bar-memory" label={words.memory} used={n.requested.memoryBytes} total={n.allocatable.memoryBytes} format={formatBytes} />
        <CapacityBar testId="bar-pods" label={words.pods} used={n.requested.pods} total={n.allocatable.pods} format={String} />
        {!!n.allocatable.gpus && <CapacityBar testId="bar-gpus" label={words.gpus} used={n.requested.gpus ?? 0} total={n.allocatable.gpus} format={String} />}
      </div>
      <PodTiles pods={data.tiles} perRow={TILES_PER_ROW} top={HEADER_HEIGHT} />
    </div>
  );
});

export const LaneCard = memo(function LaneCard({ data }: NodeProps<LaneFlowNode>) {
  const { t } = useTranslation();
  const drawn = data.pods.reduce((n, p) => (p ? n + 1 : n), 0);
  return (
    <div className={`lane ${data.podCount ? 'has-pods' : ''}`} data-testid="unscheduled-lane" data-count={data.podCount}>
      <div className="kube-node-head">
        <span className="lane-icon">◌</span>
        <span className="kube-node-name">{cachedT(t, 'map.unscheduled')}</span>
        <span className={`chip ${data.podCount ? 'chip-warn' : ''}`}>{data.podCount}</span>
        <span className="lane-hint">
          {data.podCount ? cachedT(t, 'map.unscheduledHint') : cachedT(t, 'map.noPending')}
          {data.podCount > drawn && ` · ${cachedT(t, 'pagemap.moreNotDrawn', { count: data.podCount - drawn })}`}
        </span>
      </div>
      <PodTiles pods={data.pods} perRow={data.perRow} top={LANE_HEADER_HEIGHT} />
    </div>
  );
});
