/** The product's name, as members see it in mail and on screen. */
export const PRODUCT_NAME = 'Objectivism Learning Platform';

/**
 * The most calls one tRPC batch may carry: the server refuses a larger batch before any call runs
 * (400 BATCH_TOO_LARGE, adapters/http/trpc.ts) and the web client's batch link splits at it.
 */
export const MAX_BATCH_CALLS = 10;
