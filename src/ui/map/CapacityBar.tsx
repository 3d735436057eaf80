// One capacity bar: requested of allocatable, coloured by how full it is (cards and aggregated tiles).
// Memoized, and its tooltip written when the pointer first rests on it: during a rollout every card's bars
// re-render with each of its pods, and a translated title per bar per render added up.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { fraction } from '../format.ts';

export const CapacityBar = memo(function CapacityBar(props: { label: string; used: number; total: number; format(n: number): string; testId: string }) {
  const { t } = useTranslation();
  const f = fraction(props.used, props.total);
  const level = f >= 0.9 ? 'high' : f >= 0.7 ? 'mid' : 'low';
  const used = props.format(props.used);
  const total = props.format(props.total);
  return (
    <div
      className="bar"
      data-testid={props.testId}
      data-used={props.used}
      data-total={props.total}
      onMouseEnter={(e) => (e.currentTarget.title = t('map.requestedOf', { used, total }))}
    >
      <span className="bar-label">{props.label}</span>
      <span className="bar-track">
        <span className={`bar-fill bar-${level}`} style={{ width: `${(f * 100).toFixed(1)}%` }} />
      </span>
      <span className="bar-value">
        {used}
        <span className="bar-total"> / {total}</span>
      </span>
    </div>
  );
});
