// The pods a label selector picks, asked of the worker (it parses the selector with the engine's own parser)
// again whenever the pods change, at most once per `everyMs`.
import { useEffect, useState } from 'react';
import type { EngineClient } from '../../worker/client.ts';
import { useThrottled } from '../state/useThrottled.ts';

export interface SelectedPods {
  /** Keys of matching pods; undefined without a selector (or until the first answer). */
  keys?: ReadonlySet<string>;
  /** kubectl's parse error for a bad selector. */
  error?: string;
}

export function useSelectedPods(engine: EngineClient | undefined, selector: string, podsVersion: unknown, everyMs = 500): SelectedPods {
  const [result, setResult] = useState<SelectedPods & { selector: string }>({ selector: '' });
  const text = selector.trim();
  // Without a selector nothing is asked, so pod changes need no throttle timer (at speed, one per frame).
  const version = useThrottled(text ? podsVersion : undefined, everyMs);
  useEffect(() => {
    if (!text || !engine) return;
    let live = true;
    engine.selectPods(text).then(
      (keys) => live && setResult({ selector: text, keys: new Set(keys) }),
      (e: unknown) => live && setResult({ selector: text, error: e instanceof Error ? e.message : String(e), keys: new Set() }),
    );
    return () => {
      live = false;
    };
  }, [engine, text, version]);
  return text && result.selector === text ? result : {};
}
