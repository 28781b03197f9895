import type { AppContext } from '../../platform/http/context.ts';
import { plural } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import type { DashboardRouter } from '../router.ts';
import { draftStepPath } from './builder-steps.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

/**
 * The code and URL to copy into a survey tool. A file_upload task is handed in with its files,
 * never by code, so it shows none.
 */
function completionRows(task: Study['view']['tasks'][number]) {
  if (task.task_type === 'file_upload') {
    return html`<dt>Completion code</dt><dd class="muted">Not used: participants hand in their files on the task's page.</dd>`;
  }
  return html`<dt>Completion code</dt><dd><code>${task.completion_code}</code></dd>
            <dt>Completion URL</dt><dd><code class="wrap">${task.completion_url}</code><div class="hint">Set your survey tool's end-of-survey redirect to this URL.</div></dd>`;
}

/**
 * The study's tasks as participants get them, with each participant URL template and completion
 * URL (docs/decisions/0077-completion-codes.md): what a researcher copies into their survey tool.
 */
export function taskPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/tasks', async ({ viewer, params, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    // A draft shows its tasks as the builder's Tasks step (docs/decisions/0182-builder-in-steps.md):
    // the completion URL goes into the survey tool before the launch.
    const draft = study.paths.draft_editor !== null;
    if (study.paths.task === null && !draft) return { redirect: study.paths.study! };
    const tasks = [...study.view.tasks].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    return studyPage({
      study,
      viewer,
      tab: 'task',
      step: 'tasks',
      flash,
      body: html`${
        draft
          ? html`<p class="hint">The tasks were set with the brief when the draft was saved. Before launching, set each survey's end-of-survey redirect to its completion URL.</p>`
          : ''
      }<ol class="tasks">${tasks.map(
        (task) => html`<li class="card">
          <h2>${task.sequence}. ${task.title}</h2>
          <p class="muted">${task.task_type.replaceAll('_', ' ')} · ${plural(task.duration_minutes ?? 0, 'minute')} · ${task.review_type.replaceAll('_', ' ')}</p>
          ${task.description ? html`<p class="prose">${task.description}</p>` : ''}
          <dl class="pairs">
            ${task.task_url ? html`<dt>Task URL</dt><dd><a href="${task.task_url}" rel="noopener noreferrer" target="_blank">${task.task_url}</a></dd>` : ''}
            ${task.participant_url_template ? html`<dt>Participant URL</dt><dd><code class="wrap">${task.participant_url_template}</code><div class="hint">{submissionId} and {taskId} are filled in for each participant.</div></dd>` : ''}
            ${completionRows(task)}
            ${task.available_after_sequence ? html`<dt>Unlocks</dt><dd>after task ${task.available_after_sequence} is approved${task.available_after_delay_minutes ? `, plus ${plural(task.available_after_delay_minutes, 'minute')}` : ''}</dd>` : ''}
            ${task.instructions ? html`<dt>Instructions</dt><dd class="prose">${task.instructions}</dd>` : ''}
            ${task.accepted_mime_types ? html`<dt>Accepted files</dt><dd>${task.accepted_mime_types.join(', ')} · ${task.min_files ?? 0}–${task.max_files ?? 1} files · up to ${Math.round((task.max_file_size_bytes ?? 0) / 1024 / 1024)} MiB each</dd>` : ''}
            ${task.event_type_url ? html`<dt>Booking</dt><dd>${task.provider ?? ''} · ${task.calendar_owner ?? ''} · <a href="${task.event_type_url}" rel="noopener noreferrer" target="_blank">${task.event_type_url}</a></dd>` : ''}
          </dl>
        </li>`,
      )}</ol>${
        draft
          ? html`<div class="actions"><a href="${draftStepPath(study.row.id, 'review')}">Next: review and launch</a></div>`
          : ''
      }`,
    });
  });
}
