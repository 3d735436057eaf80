// A destructive button asks for a second click: the first arms it for CONFIRM_MS, the second acts.
import { useEffect, useState } from 'react';

/** How long an armed button waits for its confirming second click. */
const CONFIRM_MS = 5000;

export function useArmedConfirm(act: () => void): { armed: boolean; click(): void } {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const id = setTimeout(() => setArmed(false), CONFIRM_MS);
    return () => clearTimeout(id);
  }, [armed]);
  return {
    armed,
    click() {
      if (!armed) return setArmed(true);
      setArmed(false);
      act();
    },
  };
}
