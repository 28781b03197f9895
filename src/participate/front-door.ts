import type { AppContext } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import { html } from '../platform/web/html.ts';
import { participantPage } from './layout.ts';
import { sendHtml } from './router.ts';

/** `GET /`: two ways in, for the people who run studies and the people who take part. */
export function frontDoorRoutes(app: App, context: AppContext) {
  const host = new URL(context.config.publicUrl).host;
  const page = participantPage({
    title: `Research studies at ${host}`,
    body: html`<div class="doors">
      <section class="card door" aria-labelledby="take-part">
        <h2 id="take-part">Take part in studies</h2>
        <p>Join the panel, answer a few questions, and get paid for surveys, interviews and tasks that fit you.</p>
        <p><a class="button primary" href="/participate/sign-up">Join the panel</a></p>
        <p>Already a participant? <a href="/participate/sign-in">Sign in</a>.</p>
      </section>
      <section class="card door" aria-labelledby="run-studies">
        <h2 id="run-studies">Run studies</h2>
        <p>Researchers describe an audience and a screener, launch, review the work and pay for it, here or through the API.</p>
        <p><a class="button" href="/dashboard/sign-in">Researcher sign-in</a></p>
        <p><a href="/docs">API reference</a></p>
      </section>
    </div>`,
  });
  app.get('/', { config: { auth: 'public' } }, async (_request, reply) =>
    sendHtml(reply.header('cache-control', 'no-cache'), 200, page),
  );
}
