// One Pod: a small tile coloured (and animated) by its status, drawn by its node card or the lane. The
// tooltip is written when the pointer first rests on it: thousands of tiles need no translated text up front.
import { memo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PodView } from '../../worker/protocol.ts';
import { formatBytes, formatCpu } from '../format.ts';
import { tilePosition } from './layout.ts';
import { useMapOverlay, usePodClick } from './mapContext.ts';
import { podMotion, podTone, tilesByMotion } from './tone.ts';

function podTitle(t: TFunction, p: PodView): string {
  const lines = [
    t('map.podTitle', {
      name: p.namespace === 'default' ? p.name : `${p.namespace}/${p.name}`,
      status: p.status, ready: p.ready, restarts: p.restarts,
      cpu: formatCpu(p.cpuMilli), memory: formatBytes(p.memoryBytes),
    }),
  ];
  if (p.nodeName) lines.push(t('map.podNode', { node: p.nodeName }));
  if (p.podIP) lines.push(t('map.podIP', { ip: p.podIP }));
  if (p.ownerKind) lines.push(t('map.podOwner', { owner: `${p.ownerKind}/${p.ownerName}` }));
  lines.push(t('map.podDescribe'));
  return lines.join('\n');
}

/** `t` comes from the tiles' card: a translation hook in each of thousands of tiles cost more than the tile. */
export const PodTile = memo(function PodTile({ pod: p, selected, index, perRow, top, t }: { pod: PodView; selected: boolean; index: number; perRow: number; top: number; t: TFunction }) {
  const onPodClick = usePodClick();
  const tone = podTone(p);
  const motion = podMotion(p);
  const at = tilePosition(index, perRow, top);
  return (
    <div
      className={`pod-tile tone-${tone}${motion ? ` anim-${motion}` : ''}${selected ? ' is-selected' : ''}`}
      style={{ left: at.x, top: at.y }}
      data-testid="pod-tile"
      data-pod={p.name}
      data-node={p.nodeName}
      data-tone={tone}
      data-owner={p.ownerName}
      data-selected={selected}
      onMouseEnter={(e: MouseEvent<HTMLDivElement>) => {
        e.currentTarget.title = podTitle(t, p);
      }}
      onClick={(e) => {
        e.stopPropagation();
        onPodClick?.(p);
      }}
      role="img"
      aria-label={`${p.name}: ${p.status}`}
    />
  );
});

/**
 * The tiles of a card or the lane, laid out in rows from `top`. Moving tiles sit in one layer per motion and the
 * layer animates its opacity or brightness: a compositor animation of one element, where animating each tile (or
 * an inherited custom property the tiles read) restyled thousands of tiles every frame and fired DOM events per tile.
 */
export function PodTiles({ pods, perRow, top }: { pods: readonly PodView[]; perRow: number; top: number }) {
  const { t } = useTranslation();
  const selectedPod = useMapOverlay().selectedPod;
  const layers = [...tilesByMotion(pods)];
  return (
    <>
      {layers.map(([motion, tiles]) => {
        const drawn = tiles.map(({ pod: p, index }) => (
          <PodTile key={p.key} pod={p} selected={selectedPod === p.key} index={index} perRow={perRow} top={top} t={t} />
        ));
        return motion ? (
          <div key={motion} className={`pod-layer motion-${motion}`} data-motion={motion}>
            {drawn}
          </div>
        ) : (
          drawn
        );
      })}
    </>
  );
}
