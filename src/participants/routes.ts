import type { AppContext } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import { previewRoutes } from './preview-routes.ts';
import { profileRoutes } from './profile-routes.ts';

/**
 * The participant side under /v2/participant: participant tokens only, sign-up aside (README,
 * "Participants, applications and review"); and a customer's preview of a study through a test
 * participant (POST /opportunities/{id}/preview).
 */
export function participantRoutes(app: App, context: AppContext) {
  profileRoutes(app, context);
  previewRoutes(app, context);
}
