import { useState } from 'react';
import { failureOf } from './admin-errors';

/**
 * A panel's buttons that ask the server (a lifecycle move, attaching, detaching): which one is
 * waiting, and the server's refusal as it said it. `run` answers whether the action went through.
 */
export function usePendingAction<K>() {
  const [pending, setPending] = useState<K | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (key: K, action: () => Promise<void>): Promise<boolean> => {
    setPending(key);
    setRefusal(null);
    try {
      await action();
      return true;
    } catch (error) {
      setRefusal(failureOf(error).message);
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, refusal, run };
}
