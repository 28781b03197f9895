import { expect } from 'vitest';
import {
  type Client,
  client,
  createTestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { apply, launchStudy, type Study, signUp } from '../support/participant-side.ts';

/**
 * People at work on a study, reached the way the product gets there: the study is launched with
 * manual review, the person signs up with a tracker timezone and applies, the customer invites them,
 * and they start. The server clock is moved to `startedAt` for the start, so work begins at a
 * known instant, then put back.
 */

export interface Clock {
  now: number;
}

export interface HoursStudy {
  organizationId: string;
  study: Study;
  customer: Client;
}

export async function hoursStudy(
  server: TestServer,
  organization?: { id: string; apiKey: string; keyId: string },
): Promise<HoursStudy> {
  const owner =
    organization ?? (await createTestOrganization(server, { balanceCents: 10_000_000 }));
  const study = await launchStudy(server, owner, { review: 'manual_review', numParticipants: 50 });
  return { organizationId: owner.id, study, customer: client(server, owner.apiKey) };
}

export interface Worker {
  participantId: string;
  email: string;
  submissionId: string;
  api: Client;
  /** Records an entry on this submission; expects it to be accepted and returns the receipt. */
  track(startedAt: string, endedAt: string): Promise<any>;
}

export type WorkStage =
  | 'screen_passed'
  | 'in_progress'
  | 'awaiting_review'
  | 'abandoned'
  | 'approved';

export async function worker(
  server: TestServer,
  clock: Clock,
  study: HoursStudy,
  options: {
    timezone: string;
    startedAt: string;
    name?: string;
    stage?: WorkStage;
    /** Someone already signed up (to work on a second study). */
    as?: { participantId: string; email: string; api: Client };
  },
): Promise<Worker> {
  const saved = clock.now;
  clock.now = Date.parse(options.startedAt);
  try {
    const person =
      options.as ??
      (await (async () => {
        const email = `${(options.name ?? 'pat').toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.org`;
        const signed = await signUp(server, {
          name: options.name ?? 'Pat',
          email,
          timezone: options.timezone,
        });
        return { participantId: signed.id, email, api: signed.api };
      })());
    const applied = await apply(
      { id: person.participantId, token: '', api: person.api },
      study.study.id,
    );
    expect(applied.status).toBe('awaiting_decision');
    const submissionId = applied.applicant_id as string;
    const invited = await study.customer.post(`/v2/submissions/${submissionId}/invite`);
    expect(invited.status, invited.text).toBe(200);
    const stage = options.stage ?? 'in_progress';
    if (stage !== 'screen_passed') {
      const started = await person.api.post(`/v2/participant/submissions/${submissionId}/start`);
      expect(started.status, started.text).toBe(200);
    }
    if (stage === 'awaiting_review' || stage === 'approved') {
      const submitted = await person.api.post(
        `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
        { notes: 'Done' },
      );
      expect(submitted.status, submitted.text).toBe(200);
    }
    if (stage === 'approved') {
      const approved = await study.customer.post(`/v2/submissions/${submissionId}/approve`, {});
      expect(approved.status, approved.text).toBe(200);
    }
    if (stage === 'abandoned') {
      const abandoned = await person.api.post(
        `/v2/participant/submissions/${submissionId}/abandon`,
      );
      expect(abandoned.status, abandoned.text).toBe(200);
    }
    const read = await person.api.get(`/v2/participant/submissions/${submissionId}`);
    expect(read.body.status).toBe(stage);
    return {
      ...person,
      submissionId,
      async track(startedAt: string, endedAt: string) {
        const response = await person.api.post('/v2/participant/time-entries', {
          submission_id: submissionId,
          started_at: startedAt,
          ended_at: endedAt,
        });
        expect(response.status, response.text).toBe(200);
        return response.body;
      },
    };
  } finally {
    clock.now = saved;
  }
}
