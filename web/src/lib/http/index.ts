export { ApiError, FALLBACK_ERROR_MESSAGE, isApiError } from './api-error';
export {
  apiFetch,
  configureApiGatewayUrl,
  INVALID_RESPONSE_MESSAGE,
  requireApiGatewayUrl,
  UNCONFIGURED_MESSAGE,
  type ApiFetchOptions,
} from './api-fetch';
export { IDEMPOTENCY_HEADER, MAX_RETRIES, REQUEST_TIMEOUT_MS, RETRY_DELAY_MS, retryingFetch, sendWithRetry } from './transport';
