import { openPreview } from '../../participants/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { shellTexts } from '../locales/shell/index.ts';
import { messagePage, type ParticipateRouter, seeOther, sendHtml } from '../router.ts';

/**
 * A preview's link (docs/decisions/0080-previews-with-test-participants.md): opened once within its
 * hour, it signs this browser in as the preview's test participant and shows the study, in any
 * status, as a participant sees it. Opening it is the sign-in (a GET, as the emailed links): the
 * link's 256 random bits are the proof, and it cannot be used twice.
 */
export function previewPages(app: App, context: AppContext, router: ParticipateRouter) {
  const { db } = context.database;

  app.get('/preview/:link', { config: { auth: 'public' } }, async (request, reply) => {
    const { link } = request.params as { link: string };
    const opened = /^[\w-]{20,100}$/.test(link)
      ? await openPreview(db, { link, now: router.now() })
      : undefined;
    if (!opened) {
      const locale = router.localeOf(request);
      const say = shellTexts.say(locale);
      return sendHtml(
        reply,
        410,
        messagePage(locale, say('previewNotValidTitle'), say('previewNotValidText')),
      );
    }
    await router.startSession(reply, request, opened.sessionToken);
    return seeOther(reply, `/participate/studies/${encodeURIComponent(opened.opportunityId)}`);
  });
}
