import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ParticipantRow, participantRowToParticipant } from '../participants/index.ts';
import type { HeldSubmission } from '../submissions/index.ts';
import { exportDocument, type HeldData } from './export-document.ts';

const participant: ParticipantRow = {
  id: 'par_1',
  name: 'Ana Lima',
  email: 'ana@example.org',
  email_canonical: 'ana@example.org',
  linkedin_url: null,
  timezone: 'Europe/Lisbon',
  language: 'en',
  new_studies: 'each',
  mail_undeliverable_at: null,
  approved_submissions: 0,
  decided_submissions: 0,
  approval_rate: null,
  no_shows: 0,
  no_shows_recount_at: null,
  no_show_barred: 0,
  no_shows_forgiven_at: null,
  birth_date: '1990-02-28',
  country_id: 'PT',
  state_id: null,
  city_id: null,
  attributes: '{"multi_select--language":["pt"]}',
  linked_accounts: '[]',
  background: '{}',
  token_hash: 'TOKEN-HASH-SECRET',
  status: 'active',
  password_hash: 'PASSWORD-HASH-SECRET',
  email_verified_at: '2026-01-01T00:00:00.000Z',
  is_test: 0,
  test_opportunity_id: null,
  audience_key: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

function held(files: { id: string; name: string; size: number }[][]): HeldSubmission {
  return {
    submission: {
      id: 'sub_1',
      organization_id: 'org_1',
      opportunity_id: 'opp_1',
      participant_id: 'par_1',
      status: 'awaiting_review',
      screening_outcome: 'passed',
      screening_answers: JSON.stringify([
        { key: 'bio', question: 'About you', answer: ['I fix boats'], outcome: 'not_important' },
      ]),
      quota_cells: '[]',
      started_at: null,
      submitted_at: null,
      decided_at: null,
      rejection_category: null,
      rejection_reason: null,
      closed_reason: null,
      paid_cents: 0,
      abandoned_reason: null,
      deadline_at: null,
      auto_approve_at: null,
      return_requested_at: null,
      return_request_reason: null,
      test: 0,
      quality_flags: '["shared_network"]',
      network_fingerprint: 'FINGERPRINT-SECRET',
      created_at: '2026-01-03T00:00:00.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    },
    opportunityTitle: 'Boats',
    screener: '[]',
    tasks: files.map((list, index) => ({
      submission_id: 'sub_1',
      sequence: index + 1,
      status: 'submitted',
      notes: null,
      files: JSON.stringify(
        list.map((file) => ({
          id: file.id,
          name: file.name,
          mime_type: 'text/plain',
          size_bytes: file.size,
          path: `sub_1/${index + 1}/${file.id}`,
        })),
      ),
      submitted_at: '2026-01-04T00:00:00.000Z',
      reviewed_at: null,
    })),
  };
}

const data = (submissions: HeldSubmission[]): HeldData => ({
  participant,
  profile: participantRowToParticipant(participant),
  sessions: [],
  groupCount: 2,
  submissions,
  timeEntries: [],
  messages: [],
  invitations: [],
  ledger: [],
  mail: [],
});

describe('exportDocument', () => {
  it('holds the profile, the answers as given and the account facts, and no secret', () => {
    const document = exportDocument(data([held([])]), new Date('2026-02-01T00:00:00Z'));
    expect(document.exported_at).toBe('2026-02-01T00:00:00.000Z');
    expect(document.participant).toMatchObject({ name: 'Ana Lima', email: 'ana@example.org' });
    expect(document.account).toEqual({
      status: 'active',
      email_verified_at: '2026-01-01T00:00:00.000Z',
      password_set: true,
      test: false,
      sessions: [],
      group_count: 2,
      new_studies: 'each',
      mail_undeliverable_at: null,
    });
    expect(document.submissions[0]).toMatchObject({
      opportunity_title: 'Boats',
      screening_answers: [{ key: 'bio', answer: ['I fix boats'] }],
      quality_flags: ['shared_network'],
      network_fingerprint_held: true,
    });
    const text = JSON.stringify(document);
    for (const secret of ['TOKEN-HASH-SECRET', 'PASSWORD-HASH-SECRET', 'FINGERPRINT-SECRET']) {
      expect(text).not.toContain(secret);
    }
    // Where a file lies on disk is the server's business, not part of the person's data.
    expect(text).not.toContain('sub_1/1/');
  });

  it('lists every uploaded file once, under its task, in order', () => {
    const file = fc.record({
      id: fc.uuid(),
      name: fc.string({ minLength: 1 }),
      size: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(fc.array(file, { maxLength: 4 }), { maxLength: 4 }), (tasks) => {
        const document = exportDocument(data([held(tasks)]), new Date());
        const expected = tasks.flatMap((list, index) =>
          list.map((f) => ({
            submission_id: 'sub_1',
            sequence: index + 1,
            id: f.id,
            name: f.name,
            mime_type: 'text/plain',
            size_bytes: f.size,
          })),
        );
        expect(document.uploads).toEqual(expected);
        expect(document.submissions[0]!.tasks.flatMap((task) => task.files)).toEqual(
          expected.map(({ submission_id: _s, sequence: _q, ...rest }) => rest),
        );
      }),
    );
  });
});
