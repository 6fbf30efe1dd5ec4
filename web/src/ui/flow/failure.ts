/** What a step's failure says in the flow's banner: its own message, else the client's 'An error occurred'. */
import { errorMessage } from '../../../../domain/flow/machine';
import { FALLBACK_ERROR_MESSAGE } from '../../lib/http';

export const stepFailureMessage = (error: unknown): string => errorMessage(error, FALLBACK_ERROR_MESSAGE);
