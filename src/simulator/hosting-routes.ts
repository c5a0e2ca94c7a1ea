import type { Route } from './routing.ts';

export const hostingRoutes: Route[] = [];
