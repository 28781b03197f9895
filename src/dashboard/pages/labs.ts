import {
  createLab,
  deleteLab,
  editLab,
  type LabRow,
  listLabs,
  ownLab,
  revokeCalendarLink,
  rotateCalendarLink,
} from '../../labs/index.ts';
import { type Issue, isDomainError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { csrfField, page } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import { fieldBlock, formProblems, timeZoneSelect } from './field-block.ts';
import { labFormFields, problemsByField } from './lab-form.ts';

const LAB_FIELDS = ['name', 'address', 'time_zone', 'capacity'] as const;

export const labPath = (id: string) => `/dashboard/labs/${encodeURIComponent(id)}`;
export const labWeekPath = (id: string, week?: string) =>
  `${labPath(id)}/week${week ? `?week=${week}` : ''}`;

/** A lab's pages share a heading, crumbs and two tabs: the lab itself and its week. */
export function labPage(input: {
  viewer: Viewer;
  lab: Pick<LabRow, 'id' | 'name'>;
  tab: 'lab' | 'week';
  flash?: Flash;
  body: Html;
}): Html {
  const entries = [
    ['lab', 'Lab', labPath(input.lab.id)],
    ['week', 'Week', labWeekPath(input.lab.id)],
  ] as const;
  return page({
    title: input.lab.name,
    viewer: input.viewer,
    section: 'labs',
    flash: input.flash,
    crumbs: [
      { label: 'Home', href: '/dashboard' },
      { label: 'Labs', href: '/dashboard/labs' },
      { label: input.tab === 'lab' ? 'Lab' : 'Week' },
    ],
    subtitle: html`<code class="id">${input.lab.id}</code>`,
    tabs: html`<nav class="tabs" aria-label="Lab pages"><ul>${entries.map(
      ([key, label, href]) =>
        html`<li><a href="${href}"${key === input.tab ? html` aria-current="page"` : ''}>${label}</a></li>`,
    )}</ul></nav>`,
    body: input.body,
  });
}

/** The lab's fields as a form: empty to create one, the lab's to edit it, as typed after a 400. */
function labForm(input: {
  viewer: Viewer;
  action: string;
  values: Record<string, string>;
  issues: readonly Issue[];
  message?: string;
  submit: string;
}): Html {
  const { byField, other } = problemsByField(input.issues, LAB_FIELDS);
  const value = (name: string) => input.values[name] ?? '';
  return html`${formProblems(input.message, other)}
    <form method="post" action="${input.action}" class="stack" novalidate>
      ${csrfField(input.viewer)}
      ${fieldBlock({
        id: 'lab-name',
        label: 'Name',
        problems: byField.get('name'),
        control: (a) =>
          html`<input id="lab-name" name="name" value="${value('name')}" maxlength="200" required${a}>`,
      })}
      ${fieldBlock({
        id: 'lab-address',
        label: 'Address',
        hint: 'Where participants go: printed in their confirmation and calendar file.',
        problems: byField.get('address'),
        control: (a) =>
          html`<textarea id="lab-address" name="address" rows="3" maxlength="1000" required${a}>${value('address')}</textarea>`,
      })}
      ${fieldBlock({
        id: 'lab-time-zone',
        label: 'Time zone',
        hint: 'Sessions in this lab are scheduled and shown on its clock.',
        problems: byField.get('time_zone'),
        control: (a) =>
          timeZoneSelect('lab-time-zone', 'time_zone', value('time_zone') || 'UTC', a),
      })}
      ${fieldBlock({
        id: 'lab-capacity',
        label: 'Seats',
        hint: 'Overlapping sessions in this lab may not together need more seats (capacity and reserve).',
        problems: byField.get('capacity'),
        control: (a) =>
          html`<input id="lab-capacity" name="capacity" inputmode="numeric" value="${value('capacity')}" required${a}>`,
      })}
      <button type="submit" class="primary">${input.submit}</button>
    </form>`;
}

function labsListPage(input: {
  viewer: Viewer;
  labs: LabRow[];
  flash?: Flash;
  values?: Record<string, string>;
  issues?: readonly Issue[];
  message?: string;
}): Html {
  const { viewer, labs } = input;
  return page({
    title: 'Labs',
    viewer,
    section: 'labs',
    flash: input.flash,
    crumbs: [{ label: 'Home', href: '/dashboard' }, { label: 'Labs' }],
    body: html`<section class="card" aria-labelledby="labs-heading">
        <h2 id="labs-heading">Rooms scheduled sessions take place in</h2>
        ${
          labs.length
            ? html`<div class="table-wrap" role="region" tabindex="0" aria-label="Labs"><table class="data">
              <thead><tr><th scope="col">Lab</th><th scope="col">Address</th><th scope="col">Time zone</th><th scope="col">Seats</th><th scope="col">Week</th></tr></thead>
              <tbody>${labs.map(
                (lab) => html`<tr>
                  <td><a href="${labPath(lab.id)}">${lab.name}</a></td>
                  <td class="wrap">${lab.address}</td>
                  <td>${lab.time_zone}</td>
                  <td>${Number(lab.capacity)}</td>
                  <td><a href="${labWeekPath(lab.id)}">This week<span class="visually-hidden"> in ${lab.name}</span></a></td>
                </tr>`,
              )}</tbody>
            </table></div>`
            : html`<p class="empty">No labs yet. Add the first one below; a study then schedules sessions in it.</p>`
        }
      </section>
      ${
        can(viewer, 'write')
          ? html`<section class="card" aria-labelledby="new-lab-heading">
        <h2 id="new-lab-heading">New lab</h2>
        ${labForm({
          viewer,
          action: '/dashboard/labs',
          values: input.values ?? { time_zone: 'UTC' },
          issues: input.issues ?? [],
          message: input.message,
          submit: 'Add the lab',
        })}
      </section>`
          : ''
      }`,
  });
}

/** The secret calendar link: made or replaced (shown once), or turned off. */
function calendarLinkSection(viewer: Viewer, lab: LabRow, shownUrl?: string): Html {
  const enabled = lab.calendar_token_hash !== null;
  const write = can(viewer, 'write');
  return html`<section class="card" aria-labelledby="calendar-heading">
    <h2 id="calendar-heading">Calendar link</h2>
    <p>A secret address a calendar app subscribes to, without an API key: every session in this lab, cancelled ones marked so. Anyone with the link sees the sessions' times and studies.</p>
    ${
      shownUrl
        ? html`<div class="flash flash-notice" role="status"><p>Copy the link now: it is shown this once, and only its hash is kept. Any earlier link has stopped working.</p></div>
          <p><label for="calendar-url">Secret calendar link</label><input id="calendar-url" class="code" readonly value="${shownUrl}"></p>`
        : html`<p><strong>${enabled ? 'A link is in effect.' : 'No link is in effect.'}</strong></p>`
    }
    ${
      write
        ? html`<div class="actions">
          <form method="post" action="${labPath(lab.id)}/calendar-link" class="inline"${enabled ? html` data-confirm="Make a new link? The current one stops working at once."` : ''}>
            ${csrfField(viewer)}
            <button type="submit">${enabled ? 'Replace the link' : 'Make a link'}</button>
          </form>
          ${
            enabled
              ? html`<form method="post" action="${labPath(lab.id)}/calendar-link/revoke" class="inline" data-confirm="Turn the link off? Calendars subscribed to it stop updating.">
            ${csrfField(viewer)}
            <button type="submit" class="danger">Turn the link off</button>
          </form>`
              : ''
          }
        </div>`
        : ''
    }
  </section>`;
}

function oneLabPage(input: {
  viewer: Viewer;
  lab: LabRow;
  flash?: Flash;
  values?: Record<string, string>;
  issues?: readonly Issue[];
  message?: string;
  shownUrl?: string;
}): Html {
  const { viewer, lab } = input;
  const write = can(viewer, 'write');
  const values = input.values ?? {
    name: lab.name,
    address: lab.address,
    time_zone: lab.time_zone,
    capacity: String(Number(lab.capacity)),
  };
  return labPage({
    viewer,
    lab,
    tab: 'lab',
    flash: input.flash,
    body: html`${
      write
        ? html`<section class="card" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Details</h2>
          ${labForm({
            viewer,
            action: labPath(lab.id),
            values,
            issues: input.issues ?? [],
            message: input.message,
            submit: 'Save the lab',
          })}
        </section>`
        : html`<section class="card"><dl class="pairs">
          <dt>Address</dt><dd class="wrap">${lab.address}</dd>
          <dt>Time zone</dt><dd>${lab.time_zone}</dd>
          <dt>Seats</dt><dd>${Number(lab.capacity)}</dd>
        </dl></section>`
    }
      ${calendarLinkSection(viewer, lab, input.shownUrl)}
      ${
        write
          ? html`<section class="card danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete the lab</h2>
        <p>Refused while a session is still to take place in it: cancel or move those first. Past sessions keep their record.</p>
        <form method="post" action="${labPath(lab.id)}/delete" data-confirm="Delete ${lab.name}?">
          ${csrfField(viewer)}
          <button type="submit" class="danger">Delete the lab</button>
        </form>
      </section>`
          : ''
      }`,
  });
}

/**
 * Labs (docs/decisions/0178-lab-sessions.md): the list, a new lab, one lab's details, its secret
 * calendar link and its deletion, each through the same use cases as /v2/labs.
 */
export function labPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const labsOf = (viewer: Viewer) => listLabs(db, viewer.organization.id, { limit: 200 });

  router.page('/labs', async ({ viewer, flash }) =>
    labsListPage({ viewer, labs: await labsOf(viewer), flash }),
  );

  router.action(
    '/labs',
    { permission: 'write', back: () => '/dashboard/labs' },
    async ({ viewer, form, now }) => {
      const { fields, issues } = labFormFields(form);
      try {
        if (issues.length > 0) throw new ValidationError('The lab is not complete', issues);
        const lab = await createLab(db, { organizationId: viewer.organization.id, fields, now });
        return { redirect: labPath(lab.id), notice: `${lab.name} is added.` };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: labsListPage({
            viewer,
            labs: await labsOf(viewer),
            values: form,
            issues: error.issues,
            message: error.message,
          }),
        };
      }
    },
  );

  router.page('/labs/:labId', async ({ viewer, params, flash }) =>
    oneLabPage({ viewer, lab: await ownLab(db, viewer.organization.id, params.labId!), flash }),
  );

  router.action(
    '/labs/:labId',
    { permission: 'write', back: ({ params }) => labPath(params.labId!) },
    async ({ viewer, params, form, now }) => {
      const { fields, issues } = labFormFields(form);
      try {
        if (issues.length > 0) throw new ValidationError('The lab is not saved', issues);
        const lab = await editLab(db, {
          organizationId: viewer.organization.id,
          labId: params.labId!,
          fields,
          now,
        });
        return { redirect: labPath(lab.id), notice: 'The lab is saved.' };
      } catch (error) {
        if (!isDomainError(error) || !(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: oneLabPage({
            viewer,
            lab: await ownLab(db, viewer.organization.id, params.labId!),
            values: form,
            issues: error.issues,
            message: error.message,
          }),
        };
      }
    },
  );

  // A refusal (a session still to take place) goes back to the lab's page with its reasons.
  router.action(
    '/labs/:labId/delete',
    { permission: 'write', back: ({ params }) => labPath(params.labId!) },
    async ({ viewer, params, now }) => {
      await deleteLab(db, { organizationId: viewer.organization.id, labId: params.labId!, now });
      return { redirect: '/dashboard/labs', notice: 'The lab is deleted.' };
    },
  );

  router.action(
    '/labs/:labId/calendar-link',
    { permission: 'write', back: ({ params }) => labPath(params.labId!) },
    async ({ viewer, params, now }) => {
      const link = await rotateCalendarLink(db, {
        organizationId: viewer.organization.id,
        labId: params.labId!,
        publicUrl: context.config.publicUrl,
        now,
      });
      return {
        status: 201,
        html: oneLabPage({
          viewer,
          lab: await ownLab(db, viewer.organization.id, params.labId!),
          shownUrl: link.url,
        }),
      };
    },
  );

  router.action(
    '/labs/:labId/calendar-link/revoke',
    { permission: 'write', back: ({ params }) => labPath(params.labId!) },
    async ({ viewer, params, now }) => {
      await revokeCalendarLink(db, {
        organizationId: viewer.organization.id,
        labId: params.labId!,
        now,
      });
      return { redirect: labPath(params.labId!), notice: 'The calendar link is off.' };
    },
  );
}
