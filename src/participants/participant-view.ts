import type { ParticipantRow } from './participants.table.ts';
import type { Background, ParticipantResponse, SignupBody } from './profile.ts';

/**
 * A stored participant as the API shows it: pure, so the data export (export-document.ts) and the
 * routes build the same object without the profile rules' imports.
 */
export function participantBackground(row: Pick<ParticipantRow, 'background'>): {
  experiences: NonNullable<Background['experiences']>;
  educations: NonNullable<Background['educations']>;
} {
  const parsed = JSON.parse(row.background) as Background;
  return { experiences: parsed.experiences ?? [], educations: parsed.educations ?? [] };
}

/** Stored row to the profile JSON, so a PATCH can be merged over it and validated whole. */
export function participantProfileBody(row: ParticipantRow): SignupBody {
  return {
    name: row.name,
    email: row.email,
    linkedin_url: row.linkedin_url,
    timezone: row.timezone,
    language: row.language,
    birth_date: row.birth_date,
    country_id: row.country_id,
    state_id: row.state_id,
    city_id: row.city_id,
    attributes: JSON.parse(row.attributes) as Record<string, string[]>,
    linked_accounts: JSON.parse(row.linked_accounts) as string[],
    background: participantBackground(row),
    notifications: { new_studies: row.new_studies },
  };
}

export function participantRowToParticipant(row: ParticipantRow): ParticipantResponse {
  const profile = participantProfileBody(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    linkedin_url: row.linkedin_url,
    timezone: row.timezone,
    language: row.language,
    birth_date: row.birth_date,
    country_id: row.country_id,
    state_id: row.state_id,
    city_id: row.city_id,
    attributes: profile.attributes ?? {},
    linked_accounts: profile.linked_accounts ?? [],
    background: participantBackground(row),
    notifications: { new_studies: row.new_studies },
    mail_undeliverable: row.mail_undeliverable_at !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
