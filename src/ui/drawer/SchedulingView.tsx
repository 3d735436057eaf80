// The scheduler's last decision about a pod as a node × plugin table: each node's Filter verdict (the
// rejecting plugin and its reason), each Score plugin's raw, normalized and weighted score, the total, the
// chosen node, and the preemption outcome.
import { useTranslation } from 'react-i18next';
import type { SchedulingExplanation } from '../../worker/protocol.ts';
import { formatAge } from '../format.ts';
import type { NodeVerdict } from '../map/mapContext.ts';

export interface SchedulingViewProps {
  explanation: SchedulingExplanation | null;
  verdicts: ReadonlyMap<string, NodeVerdict>;
  nowMs: number;
}

function VerdictCell({ verdict }: { verdict: NodeVerdict | undefined }) {
  const { t } = useTranslation();
  if (!verdict) return <td />;
  switch (verdict.state) {
    case 'rejected':
      return (
        <td className="verdict-cell rejected">
          <span className="verdict-plugin">✕ {verdict.plugin}</span>
          <span className="verdict-reason">{verdict.reason}</span>
        </td>
      );
    case 'chosen':
      return <td className="verdict-cell chosen">✓ {t('explain.chosen')}</td>;
    case 'nominated':
      return <td className="verdict-cell nominated">◎ {t('explain.nominated')}</td>;
    case 'feasible':
      return <td className="verdict-cell feasible">○ {t('explain.feasible')}</td>;
    case 'skipped':
      return <td className="verdict-cell skipped">– {t('explain.skipped')}</td>;
  }
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function SchedulingView({ explanation: x, verdicts, nowMs }: SchedulingViewProps) {
  const { t } = useTranslation();
  if (!x) return <div className="drawer-empty" data-testid="explain-none">{t('explain.none')}</div>;
  const plugins = x.scores[0]?.plugins.map((p) => ({ name: p.plugin, weight: p.weight })) ?? [];
  const scoreByNode = new Map(x.scores.map((s) => [s.node, s]));
  const order = (n: string) => {
    const v = verdicts.get(n);
    return v?.state === 'chosen' ? 0 : v?.state === 'nominated' ? 1 : v?.state === 'feasible' ? 2 : v?.state === 'rejected' ? 3 : 4;
  };
  const nodes = [...verdicts.keys()].sort(
    (a, b) => order(a) - order(b) || (scoreByNode.get(b)?.total ?? 0) - (scoreByNode.get(a)?.total ?? 0) || a.localeCompare(b),
  );
  const pf = x.postFilter;
  return (
    <div className="explain" data-testid="explain" data-result={x.result} data-node={x.node ?? ''}>
      <dl className="explain-summary">
        <dt>{t('explain.result')}</dt>
        <dd>
          <span className={`chip ${x.result === 'Scheduled' ? 'chip-ok' : 'chip-bad'}`} data-testid="explain-result">
            {x.result}
          </span>
          {x.node && <> {t('explain.onNode', { node: x.node })}</>}
        </dd>
        <dt>{t('explain.attempt')}</dt>
        <dd>{t('explain.attemptValue', { attempt: x.attempt, age: formatAge(nowMs - x.time), profile: x.profile })}</dd>
        <dt>{t('explain.nodes')}</dt>
        <dd>{t('explain.nodesValue', { total: x.nodesTotal, evaluated: x.nodesEvaluated, feasible: x.feasible })}</dd>
        <dt>{t('explain.message')}</dt>
        <dd className="explain-message" data-testid="explain-message">{x.message}</dd>
        {x.preFilter && (
          <>
            <dt>{t('explain.preFilter')}</dt>
            <dd>{x.preFilter.plugin}: {x.preFilter.reasons.join(', ')}</dd>
          </>
        )}
        {pf && (
          <>
            <dt>{t('explain.preemption')}</dt>
            <dd data-testid="explain-preemption">
              {pf.nominatedNode
                ? t('explain.preemptionNominated', { node: pf.nominatedNode, victims: pf.victims?.join(', ') || '—' })
                : pf.message}
            </dd>
          </>
        )}
        {x.permit && (
          <>
            <dt>{t('explain.permit')}</dt>
            <dd>{t('explain.permitValue', { on: x.permit.waitingOn })}</dd>
          </>
        )}
        {x.queue && (
          <>
            <dt>{t('explain.queue')}</dt>
            <dd>{x.queue}</dd>
          </>
        )}
      </dl>
      <div className="explain-table-wrap">
        <table className="explain-table" data-testid="explain-table">
          <caption className="sr-only">{t('explain.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('explain.node')}</th>
              <th scope="col">{t('explain.filter')}</th>
              {plugins.map((p) => (
                <th scope="col" key={p.name} className="num" title={t('explain.weightTitle', { weight: p.weight })}>
                  {p.name}
                  <span className="explain-weight">×{p.weight}</span>
                </th>
              ))}
              {plugins.length > 0 && <th scope="col" className="num">{t('explain.total')}</th>}
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => {
              const v = verdicts.get(node);
              const s = scoreByNode.get(node);
              return (
                <tr key={node} data-testid="explain-row" data-node={node} data-state={v?.state} className={`state-${v?.state ?? ''}`}>
                  <th scope="row" className="mono">{node}</th>
                  <VerdictCell verdict={v} />
                  {plugins.map((p, i) => {
                    const ps = s?.plugins[i];
                    return (
                      <td key={p.name} className="num mono" title={ps ? t('explain.scoreTitle', { raw: round(ps.raw), normalized: round(ps.normalized), weight: ps.weight, weighted: round(ps.weighted) }) : undefined}>
                        {ps ? (
                          <>
                            <span className="score-weighted">{round(ps.weighted)}</span>
                            <span className="score-parts">{round(ps.raw)} → {round(ps.normalized)}</span>
                          </>
                        ) : ''}
                      </td>
                    );
                  })}
                  {plugins.length > 0 && <td className="num mono score-total">{s ? round(s.total) : ''}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {plugins.length > 0 && <p className="explain-legend">{t('explain.legend')}</p>}
    </div>
  );
}
