import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { DEFAULT_LOCALE, languageFromAcceptLanguage } from '../platform/i18n/locales.ts';
import { signUpParticipant, updateParticipantProfile } from './accounts.ts';
import { participantRowToParticipant } from './participant-view.ts';
import { Participant, ProfilePatchBody, SignupBody, SignupResponse } from './profile.ts';
import { PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from './route-options.ts';

/**
 * Sign-up (no credential) and the participant's own profile; its export and erasure are
 * participant-data/'s.
 */
export function profileRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.post(
    '/participant/signup',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Sign up as a participant; returns the profile and a bearer token (shown once). Without `language`, the best match of Accept-Language, else en',
        body: SignupBody,
        response: { 200: SignupResponse, ...errorResponses('BAD_REQUEST', 'CONFLICT') },
      },
    },
    async (request) => {
      const language =
        request.body.language ??
        languageFromAcceptLanguage(request.headers['accept-language']) ??
        DEFAULT_LOCALE;
      const created = await signUpParticipant(db, { ...request.body, language }, now());
      return {
        participant: participantRowToParticipant(created.participant),
        token: created.token,
      };
    },
  );

  app.get(
    '/participant/me',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Your profile',
        response: { 200: Participant, ...errorResponses() },
      },
    },
    async (request) => participantRowToParticipant(participantOf(request)),
  );

  app.patch(
    '/participant/me',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Change your profile; the result is validated whole',
        body: ProfilePatchBody,
        response: { 200: Participant, ...errorResponses('BAD_REQUEST', 'CONFLICT') },
      },
    },
    async (request) =>
      participantRowToParticipant(
        await updateParticipantProfile(db, participantOf(request), request.body, now()),
      ),
  );
}
