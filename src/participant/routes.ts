import type { AppContext } from '../http/context.ts';
import type { App } from '../http/types.ts';
import { opportunityRoutes } from './opportunity-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { workRoutes } from './work-routes.ts';

/** The participant side (DESIGN 4), under /v2/participant: participant tokens only, sign-up aside. */
export async function participantRoutes(app: App, context: AppContext) {
  profileRoutes(app, context);
  opportunityRoutes(app, context);
  await workRoutes(app, context);
}
