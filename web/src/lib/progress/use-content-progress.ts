/**
 * A member's progress on one content item: read it, record changes, and keep the cached answers
 * (this item, the "continue" list, the saved-items lists) in step with what the server answered.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ContentProgressInput } from '../../../../domain/content/schemas';
import { useTRPC } from '../trpc';

/** The saved progress, or null before any; disabled for visitors (the server answers 401). */
export function useContentProgress(contentId: string | undefined, signedIn: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.progress.content.queryOptions({ contentId: contentId ?? '' }), enabled: Boolean(contentId) && signedIn });
}

export type ContentProgressAnswer = NonNullable<ReturnType<typeof useContentProgress>['data']>['progress'];

/** Records a change and puts the answer in the cache; lists that show progress are refetched when next shown. */
export function useRecordContentProgress() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const mutation = useMutation(
    trpc.progress.recordContent.mutationOptions({
      onSuccess: ({ progress }) => {
        client.setQueryData(trpc.progress.content.queryKey({ contentId: progress.contentId }), { progress });
        void client.invalidateQueries(trpc.progress.list.pathFilter());
      },
    }),
  );
  const record = useCallback((input: ContentProgressInput) => mutation.mutateAsync(input), [mutation.mutateAsync]);
  return { record, mutation };
}
