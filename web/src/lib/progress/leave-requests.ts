/**
 * Progress sent while the page goes away (tab closed, reload, another site): a `keepalive` request
 * to the REST route, which the browser completes after the page is gone. Same origin as the API,
 * with the session cookie; the Idempotency-Key makes a repeated send harmless.
 */
import type { ContentProgressInput, VideoProgressInput } from '../../../../domain/content/schemas';
import { requireApiGatewayUrl } from '../http';
import { newIdempotencyKey } from '../http/idempotency-key';

function postOnLeave(path: string, body: unknown): void {
  try {
    void fetch(`${requireApiGatewayUrl()}${path}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newIdempotencyKey() },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Nothing more can be done while the page unloads; the last throttled save stands.
  }
}

export const recordContentOnLeave = (input: ContentProgressInput) => postOnLeave('/api/progress/content', input);
export const recordVideoOnLeave = (input: VideoProgressInput) => postOnLeave('/api/progress/video', input);
