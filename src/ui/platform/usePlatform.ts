// The platform view's data: the worker's summary of Kueue's objects, read about once a second while the view is open.
import { useEffect, useState } from 'react';
import type { EngineClient } from '../../worker/client.ts';
import type { PlatformView } from '../../worker/protocol.ts';

const POLL_MS = 1000;

export function usePlatform(engine: EngineClient): PlatformView | undefined {
  const [view, setView] = useState<PlatformView>();
  useEffect(() => {
    let live = true;
    let last = '';
    const poll = () => {
      if (document.visibilityState === 'hidden') return;
      engine.platform().then((v) => {
        const json = JSON.stringify(v);
        if (live && json !== last) { last = json; setView(v); }
      }, () => undefined); // the engine is not initialized yet
    };
    poll();
    const id = setInterval(poll, POLL_MS);
    return () => { live = false; clearInterval(id); };
  }, [engine]);
  return view;
}
