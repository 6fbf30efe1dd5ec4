/** The member pages' data, as the server's operations answer it (only the router's type crosses). */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>['adminUsers'];

export type MemberRecord = Outputs['byId'];
export type MemberSummary = Outputs['list']['users'][number];
