import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refreshAfterContentChange } from '../../lib/content/queries';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useToast } from '../../ui/Toast';

/**
 * What every admin editor does after the server has taken a change: refresh the cached content,
 * creators and media (spec 002 §7), say so in a toast, and go where the change leads.
 */
export function useEditing() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const changed = async (message: string) => {
    await refreshAfterContentChange(queryClient, trpc);
    toast.show(message, { tone: 'success' });
  };
  return {
    trpc,
    client,
    /** After a save, a move, attaching... */
    changed,
    /** After creating: the new record's page replaces the form in the history. */
    created: async (message: string, path: string) => {
      await changed(message);
      await navigate(path, { replace: true });
    },
    /**
     * After deleting: the record's own read is dropped (a refresh would ask for what is gone), and the
     * list is shown before the rest is refreshed.
     */
    deleted: async (message: string, itemKey: QueryKey, listPath: string) => {
      queryClient.removeQueries({ queryKey: itemKey });
      toast.show(message, { tone: 'success' });
      await navigate(listPath, { replace: true });
      await refreshAfterContentChange(queryClient, trpc);
    },
  };
}
