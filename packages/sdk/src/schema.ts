/**
 * Types of the Cohort API v2, generated from openapi.json by openapi-typescript.
 * Do not edit: run `npm run sdk:generate` after `npm run openapi`.
 */

export interface paths {
    "/audience/size": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count the active participants matching audience filters now
         * @description Takes an opportunity's `filters`, validated the same way (every problem in one 400). Answers `{"count": N}`, or `{"count": null, "fewer_than": 25}` when fewer than 25 participants match, so the answer never identifies a person. The count is exact, except on a large panel right after a migration or a large seed, while the audience bitmaps catch up: it may then be an estimate from a fixed random sample, given to two significant figures (docs/api/audience-filters.md, "Audience size").
         */
        post: operations["countAudience"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization’s audit log, newest first
         * @description Who did what to the organization’s money and settings: payout runs, bonuses, pay rates set by an operator, and more as they are recorded.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feasibility/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a price per participant (answered asynchronously)
         * @description Created RECEIVED. Briefs within the automatic bounds are priced within seconds (RESPONDED); others wait for an operator. Poll GET /feasibility/requests/{requestId}.
         */
        post: operations["createFeasibilityRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feasibility/requests/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a feasibility request */
        get: operations["getFeasibilityRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audience filter catalog (same for every organization) */
        get: operations["listFilters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters/{filter_slug}/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a filter's options matching a search
         * @description States need country_id; cities need country_id and may be narrowed by state_id. A filter without options_url answers an empty list; an unknown slug is a 400.
         */
        get: operations["listFilterOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event type a subscription can receive, with what its data holds */
        get: operations["listHookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first; filter by subscription_id and status */
        get: operations["listHookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/events/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one delivery */
        get: operations["getHookEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/events/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now ({deliveryId} is a delivery id from GET /hooks/events) */
        post: operations["retryHookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions, newest first (deleted ones omitted) */
        get: operations["listHookSubscriptions"];
        put?: never;
        /** Create a subscription (unconfirmed); the secret is shown only here */
        post: operations["createHookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/subscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a subscription */
        get: operations["getHookSubscription"];
        put?: never;
        /** Confirm: send a signed webhook.ping now; a 2xx answer confirms (and re-enables) */
        post: operations["postHookSubscription"];
        /** Delete: sending stops at once, queued retries included; deliveries stay readable */
        delete: operations["deleteHookSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/subscriptions/{subscriptionId}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send again every failed delivery of the subscription created since a time */
        post: operations["recoverHookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/subscriptions/{subscriptionId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret; every later attempt, queued ones too, uses the new one */
        post: operations["secretHookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization’s labs, newest first */
        get: operations["listLabs"];
        put?: never;
        /**
         * Create a lab
         * @description A room where scheduled sessions take place: its address (in confirmations and calendar files), time zone and seats.
         */
        post: operations["createLab"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs/calendar/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lab’s calendar through its secret link, for a calendar app (no API key) */
        get: operations["getLabCalendarBySecretLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs/{labId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lab */
        get: operations["getLab"];
        put?: never;
        post?: never;
        /** Delete a lab; 409 while a session is still to take place in it */
        delete: operations["deleteLab"];
        options?: never;
        head?: never;
        /** Change a lab’s name, address, time zone or seats */
        patch: operations["updateLab"];
        trace?: never;
    };
    "/labs/{labId}/calendar-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make (or replace) the lab’s secret calendar link
         * @description A URL a calendar app can subscribe to without an API key. Each call replaces the previous link, which stops working at once.
         */
        post: operations["rotateLabCalendarLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs/{labId}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every session of a lab as an iCalendar file */
        get: operations["getLabCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API’s OpenAPI 3.1 document
         * @description Generated from the route schemas the server validates with. No key needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List opportunities, newest first (summary form)
         * @description `status=draft` includes opportunities still being prepared.
         */
        get: operations["listOpportunities"];
        put?: never;
        /**
         * Create a priced draft
         * @description Nothing is charged until launch. The incentive is an automatic estimate, or the confirmed CPI of a RESPONDED feasibility request (`feasibility_request_id`). Every problem in the body is listed in one 400.
         */
        post: operations["createOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an opportunity (full form)
         * @description A draft carries funding; a launched one carries submission_stats, quota_progress, cross_quota_progress and screening_stats.
         */
        get: operations["getOpportunity"];
        put?: never;
        post?: never;
        /** Delete a draft (409 once launched) */
        delete: operations["deleteOpportunity"];
        options?: never;
        head?: never;
        /**
         * Edit a draft (409 once launched, but for the outreach plan)
         * @description Title, internal title, description, the screener (questions, quotas, cross quotas), the recruitment window, the time limits, the language, the translations (checked against the screener and tasks as they will be) and the outreach plan. The price stays as created; a new window moves ending_at. Once launched, a body with `outreach` alone is still taken while the study is active, paused or fulfilled: setting it starts the invitation waves if none run, null stops them (docs/api/invitations.md).
         */
        patch: operations["updateOpportunity"];
        trace?: never;
    };
    "/opportunities/{opportunityId}/applicants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Applicants awaiting your invite or decline decision, in the order they applied */
        get: operations["listOpportunityApplicants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/bonuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bonuses paid on an opportunity, newest first */
        get: operations["listBonuses"];
        put?: never;
        /**
         * Pay bonuses to participants of an opportunity (charges the balance), all or none
         * @description Each line pays `amount_cents` to the participant of a submission of this opportunity that started the work; the balance is charged the bonuses plus the platform fee (BONUS_FEE_PERCENT of the server, 0 by default) on its own ledger line. 1 to 500 lines, one per submission. 400 lists every bad line and pays nothing; 402 when the balance plus overdraft does not cover the total. A repeated call pays again unless it carries the same Idempotency-Key, which answers the first call instead.
         */
        post: operations["payBonuses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tracked hours per person and local date
         * @description A person's day counts when the instant it opened in their tracker timezone falls in [from, to); a day is never split, and one opening exactly at `to` belongs to the next window. The current day is partial (last_updated_at).
         */
        get: operations["listOpportunityHours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/hours.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hours report of a window as CSV, one row per person and local date */
        get: operations["getOpportunityHoursCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An opportunity’s invitations, newest first, with each mail’s status and whether its participant applied */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite eligible participants to an active opportunity by mail
         * @description Either `count` (1 to 10,000): a uniformly random sample of the participants eligible now (the filters, groups and exclusions, required accounts; not invited to it before, not applied, taking invitations, at an address that takes mail); or `participant_ids` (up to 1,000), each of whom must be eligible, or the 400 lists each one that is not and nobody is invited. Each invitation is mailed at once, or in the participant’s daily digest if they chose one. An invitation costs nothing; it sends mail. 409 unless the opportunity is active. Two calls at once never invite one person twice; a repeated call with the same Idempotency-Key answers the first.
         */
        post: operations["inviteParticipants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/launch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a draft: charge the balance and start recruiting
         * @description Body: none or `{}`. Returns the opportunity, status active. 402 when the balance plus overdraft does not cover total_cost_cents; 409 unless it is a draft.
         */
        post: operations["launchOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write the same message to many participants of an opportunity
         * @description Give `submission_ids` (up to 1,000) or a `status` (up to 10,000 recipients). The recipients are fixed now; one message per recipient is written and emailed by a job, each carrying `batch_id`.
         */
        post: operations["sendBulkMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause recruiting (active to paused) */
        post: operations["pauseOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/payout-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An opportunity’s payout runs, newest first */
        get: operations["listPayoutRuns"];
        put?: never;
        /**
         * Pay approved work of an hourly or per-task opportunity (charges the balance)
         * @description Pays, in one transaction, every approved tracked second (hourly) or approved task (per_task) not paid before, up to `until` (default now), at the opportunity’s rate: each line is charged to the balance and paid to the participant. 402 when the balance plus overdraft does not cover the total (nothing is paid); 409 on a one_time opportunity or a draft. A unit of work is never paid twice, even by runs racing; send an Idempotency-Key to make a retried call answer the first run.
         */
        post: operations["createPayoutRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/payout-runs/{payoutRunId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payout run with its lines (participant, seconds or tasks, amount) */
        get: operations["getPayoutRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview as a test participant (any status, drafts too): a one-time link and a token; charges nothing
         * @description Makes a new test participant who sees the study and its screener exactly as a participant would, in any status including draft. Its applications and work are marked `test: true`: never charged or paid, they take no place, send no webhook, stay out of statistics, and are listed only with `include_test=true`. The url works once, for an hour.
         */
        post: operations["previewOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume recruiting (paused to active, or fulfilled or completed) */
        post: operations["resumeOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An opportunity’s sessions by start time, with their seats */
        get: operations["listSessions"];
        put?: never;
        /**
         * Schedule a session of a draft or active opportunity
         * @description A session in a lab (or online, without lab_id). An opportunity with sessions is scheduled: participants who pass the screener enroll in one. Sessions of one study together offer at most its places; overlapping sessions of one lab together need at most its seats (409 naming the other session).
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop an active or paused opportunity
         * @description Unused budget is refunded, invitations not yet started are withdrawn and waiting applicants declined. 409 for fulfilled, completed and stopped ones, and while any submission awaits review.
         */
        post: operations["stopOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Submissions of an opportunity, newest first, optionally by status */
        get: operations["listOpportunitySubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{opportunityId}/submissions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every submission as CSV: status, times, payment, one column per screening question */
        get: operations["getOpportunitySubmissionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization briefing: markdown plus identity, balance and links
         * @description Send `Accept: text/markdown` for the markdown alone. Links are pages for people.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization’s participant groups, newest first */
        get: operations["listParticipantGroups"];
        put?: never;
        /**
         * Create a participant group
         * @description A named set of participants, for the `reference--include_groups` and `reference--exclude_groups` audience filters. Each call creates a new group.
         */
        post: operations["createParticipantGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant-groups/{groupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A participant group with its member count */
        get: operations["getParticipantGroup"];
        put?: never;
        post?: never;
        /** Delete a participant group; 409 while an open opportunity filters on it */
        delete: operations["deleteParticipantGroup"];
        options?: never;
        head?: never;
        /** Rename a participant group */
        patch: operations["renameParticipantGroup"];
        trace?: never;
    };
    "/participant-groups/{groupId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group’s members, by participant id */
        get: operations["listParticipantGroupMembers"];
        put?: never;
        /**
         * Add participants to a group (idempotent), by id or from an earlier study
         * @description Give `participant_ids` (up to 1,000, people who applied to one of your studies) or `from_opportunity` with an optional `status` (e.g. everyone approved in a study). People already in the group are left as they are.
         */
        post: operations["addParticipantGroupMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant-groups/{groupId}/members/{participantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a participant from a group */
        delete: operations["removeParticipantGroupMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments received, newest first, with the total */
        get: operations["listParticipantEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your profile */
        get: operations["getParticipantMe"];
        put?: never;
        post?: never;
        /** Erase your account: profile, written answers, messages and uploads are removed, places you hold are returned, and this token and every session stop working. Payments and submission statuses stay under your id, without your name */
        delete: operations["deleteParticipantMe"];
        options?: never;
        head?: never;
        /** Change your profile; the result is validated whole */
        patch: operations["updateParticipantMe"];
        trace?: never;
    };
    "/participant/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about you as one JSON document: profile, account, submissions with screener answers and tasks, time entries, messages, payments, uploads (metadata) and mail */
        get: operations["getParticipantMeExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recruiting studies open to you, newest first */
        get: operations["listParticipantOpportunities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/opportunities/{opportunityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A study’s brief, tasks and screener (no grading information) */
        get: operations["getParticipantOpportunity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/opportunities/{opportunityId}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply: the answers are graded at once and the application routed */
        post: operations["createParticipantOpportunityApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/opportunities/{opportunityId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions of a study you may enroll in: future, open, with a seat left
         * @description Each in the lab’s time and in yours (your profile’s time zone).
         */
        get: operations["listParticipantSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up as a participant; returns the profile and a bearer token (shown once). Without `language`, the best match of Accept-Language, else en */
        post: operations["signupParticipant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your applications and work, newest first */
        get: operations["listParticipantSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your submissions, with each task’s status and URL */
        get: operations["getParticipantSubmission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/abandon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The older name of return: the same move, recorded as returned */
        post: operations["abandonParticipantSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/enrollment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session your submission is enrolled in */
        get: operations["getEnrollment"];
        put?: never;
        /**
         * Enroll in one of the study’s sessions
         * @description 409 when the session is full (reserve seats counted), enrollment has closed, or you already hold a seat (cancel first to move). A confirmation with a calendar file is mailed.
         */
        post: operations["enroll"];
        /** Give your seat back, until enrollment closes (then 409 with the deadline) */
        delete: operations["cancelEnrollment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/enrollment/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your session as an iCalendar file (Add to calendar) */
        get: operations["getEnrollmentCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your thread with the researcher about a submission, oldest first */
        get: operations["listParticipantMessages"];
        put?: never;
        /** Write to the researcher about your submission */
        post: operations["sendParticipantMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the place back (abandoned, abandoned_reason returned); someone else can take it
         * @description From screen_passed or in_progress; 409 once the work is handed in. Returning costs you nothing. After the time limit (deadline_at) the submission has already timed out: 409.
         */
        post: operations["returnParticipantSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the work (screen_passed to in_progress) */
        post: operations["startParticipantSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/submissions/{submissionId}/tasks/{sequence}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand in one task: JSON {"notes"} or, for file_upload, multipart files (and a notes field) */
        post: operations["submitParticipantSubmissionTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/participant/time-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your time entries, latest first, optionally on one submission */
        get: operations["listParticipantTimeEntries"];
        put?: never;
        /**
         * Record time worked on one of your submissions in progress
         * @description The entry is split at midnight in your tracker timezone and counted on each local date. 404 for a submission that is not yours, 409 unless it is in progress, 400 listing every problem with the times (order, future, before work started, overlap with your entries).
         */
        post: operations["createParticipantTimeEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List projects, alphabetical by name */
        get: operations["listProjects"];
        put?: never;
        /** Create a project (a repeated name makes another project) */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a project with its opportunity count */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a project (slug and dashboard_url stay the same) */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A session with its seats */
        get: operations["getSession"];
        put?: never;
        post?: never;
        /** Cancel a session: everyone enrolled is mailed and their seat goes back */
        delete: operations["cancelSession"];
        options?: never;
        head?: never;
        /**
         * Change a session’s time, lab, seats or deadlines
         * @description A new time, length or lab is mailed to everyone enrolled with the calendar update (the same UID, a higher SEQUENCE) and moves their reminders; their places are held until a day after the session’s new end.
         */
        patch: operations["updateSession"];
        trace?: never;
    };
    "/sessions/{sessionId}/attendance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record who came to a session that has started
         * @description All entries or none: a 400 lists every bad entry. participated leaves the work to review; showed_up_not_needed pays the show-up fee and closes the submission; no_show abandons it (reason no_show) and counts against the participant; excused abandons it without a mark.
         */
        post: operations["recordAttendance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A submission with its screening answers and per-task progress */
        get: operations["getSubmission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve work awaiting review: approved (participant paid) or in_progress */
        post: operations["approveSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline an applicant: screened_out; 409 when not awaiting a decision */
        post: operations["declineSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file handed in for a file_upload task */
        get: operations["getSubmissionFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite an applicant: it becomes a screen_passed submission */
        post: operations["inviteSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The thread with the participant of a submission, oldest first */
        get: operations["listMessages"];
        put?: never;
        /**
         * Write to the participant of a submission (they are emailed)
         * @description Plain text up to 5,000 characters, never rendered as HTML. The participant is emailed a link to the study’s page in the participant app, where they read and reply; replies raise the `message.received` webhook event.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject work awaiting review, with an optional category and reason */
        post: operations["rejectSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/submissions/{submissionId}/request-return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the participant to give the place back (screen_passed or in_progress)
         * @description Records the request on the submission (return_requested_at, return_request_reason) and sends the participant your reason with a link to return the place. The status does not change: the participant decides. 409 unless the submission holds a place for work.
         */
        post: operations["requestReturnSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "webhook.ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.ping
         * @description Sent once, synchronously, when a subscription is confirmed (and again on each later confirmation); data: {subscription_id}. Every subscription receives it, named or not.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookPingEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "submission.status.change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * submission.status.change
         * @description A submission changed status: a new application (previous_status null), invite, decline, start, submit, approve (automatic approval included), reject, return, time-out, withdrawal on stop; data: {submission_id, opportunity_id, participant_id, previous_status, status, abandoned_reason (returned, timed_out or withdrawn; only when status is abandoned)}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SubmissionStatusChangeEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.status.change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * opportunity.status.change
         * @description An opportunity changed status (launch, pause, resume, fulfilled, completed, stop, expiry); data: {opportunity_id, previous_status, status}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OpportunityStatusChangeEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "applicant.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * applicant.created
         * @description A participant qualified and now waits for your invite or decline decision (see GET /v2/opportunities/{id}/applicants); data: {applicant_id, opportunity_id, participant_id, screening_outcome}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApplicantCreatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "feasibility.status.change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * feasibility.status.change
         * @description A feasibility request was received (previous_status null) or moved, for example RECEIVED to RESPONDED when priced; data: {feasibility_request_id, previous_status, status}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FeasibilityStatusChangeEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "bonus.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * bonus.paid
         * @description A bonus was paid to a submission’s participant (one event per bonus of a call); data: {bonus_id, opportunity_id, submission_id, participant_id, amount_cents, fee_cents, reason}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BonusPaidEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout_run.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout_run.completed
         * @description A payout run of an hourly or per-task opportunity paid its lines, by API or the weekly schedule; data: {payout_run_id, opportunity_id, pay_frequency, until, total_cents, line_count}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PayoutRunCompletedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.received
         * @description A participant wrote to you about their submission (answer with POST /v2/submissions/{id}/messages); data: {message_id, submission_id, opportunity_id, participant_id, body, created_at}. The body is plain text: never render it as HTML.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MessageReceivedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "session.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * session.cancelled
         * @description A lab session was cancelled (DELETE /v2/sessions/{id}): everyone enrolled was mailed and their seats went back; data: {session_id, opportunity_id, lab_id, starts_at, submission_ids}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SessionCancelledEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "attendance.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * attendance.recorded
         * @description Attendance was recorded on a lab session (POST /v2/sessions/{id}/attendance); data: {session_id, opportunity_id, entries[] of {submission_id, participant_id, status}}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AttendanceRecordedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AddMembersBody: {
            /** @description Participants who applied to one of your studies; or give from_opportunity */
            participant_ids?: string[];
            /** @description Add the people of this opportunity (optionally only those in `status`) */
            from_opportunity?: string;
            /**
             * @description With from_opportunity: only submissions in this status; everyone who took part (all but screened_out) when left out
             * @enum {unknown}
             */
            status?: "screen_passed" | "screened_out" | "in_progress" | "awaiting_review" | "approved" | "rejected" | "abandoned";
        };
        AddedMembers: {
            group_id: string;
            /** @description New members; people already in are left as they are */
            added: number;
            member_count: number;
        };
        AnswerItem: {
            text: string;
            qualify_logic: "may" | "must" | "must_one_of" | "reject" | "review";
            allow_free_text?: boolean;
        };
        AnswerItemInput: {
            text: string;
            qualify_logic?: "may" | "must" | "must_one_of" | "reject" | "review";
            allow_free_text?: boolean;
        };
        Applicant: {
            /** @description The id invite and decline take */
            id: string;
            opportunity_id: string;
            participant_id: string;
            screening_outcome: ("passed" | "failed" | "review") | null;
            screening_answers: components["schemas"]["ScreeningAnswer"][];
            /**
             * @description Signs to weigh before deciding, never refusals: `shared_network` means another application to this opportunity came from the same network address and browser within an hour (a lab’s computers share one address)
             * @example [
             *       "shared_network"
             *     ]
             */
            quality_flags: "shared_network"[];
            /** @description Made by a preview’s test participant: never charged or paid, takes no place, sends no webhook, not in statistics; listed only with include_test=true */
            test: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A participant qualified and waits for your invite or decline */
        ApplicantCreatedEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "applicant.created";
            /** Format: date-time */
            created_at: string;
            data: {
                applicant_id: string;
                opportunity_id: string;
                participant_id: string;
                screening_outcome: string | null;
            };
        };
        ApplicantList: {
            data: components["schemas"]["Applicant"][];
            pagination: components["schemas"]["Pagination"];
            /** @description The study’s recruitment page, where people decide on applicants */
            dashboard_url: string | null;
        };
        ApplicationAnswerInput: {
            key: string;
            answer: string[];
            free_text?: string;
        };
        ApplicationBody: {
            answers: components["schemas"]["ApplicationAnswerInput"][];
        };
        ApplicationResponse: {
            status: "screen_passed" | "screened_out" | "awaiting_decision";
            submission_id?: string;
            applicant_id?: string;
        };
        ApproveResponse: {
            id: string;
            status: "approved" | "in_progress";
            dashboard_url: string | null;
        };
        AttendanceBody: {
            entries: {
                submission_id: string;
                /** @enum {unknown} */
                status: "participated" | "showed_up_not_needed" | "no_show" | "excused";
            }[];
        };
        /** @description Attendance was recorded on a lab session */
        AttendanceRecordedEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "attendance.recorded";
            /** Format: date-time */
            created_at: string;
            data: {
                session_id: string;
                opportunity_id: string;
                entries: {
                    submission_id: string;
                    participant_id: string;
                    status: "participated" | "showed_up_not_needed" | "no_show" | "excused";
                }[];
            };
        };
        AttendanceResult: {
            session_id: string;
            entries: {
                submission_id: string;
                /** @enum {unknown} */
                status: "participated" | "showed_up_not_needed" | "no_show" | "excused";
                submission_status: string;
                /** @description Paid by this entry (0 but for showed_up_not_needed) */
                show_up_fee_cents: number;
            }[];
        };
        AudienceSizeBody: {
            /**
             * @description The opportunity filter format: elements are ANDed, and validated as an opportunity's are
             * @example [
             *       {
             *         "multi_select--country": {
             *           "$in": [
             *             "US"
             *           ]
             *         }
             *       },
             *       {
             *         "integer--age": {
             *           "$gte": 25,
             *           "$lte": 54
             *         }
             *       }
             *     ]
             */
            filters: unknown[];
        };
        /**
         * @example {
         *       "count": 17578
         *     }
         * @example {
         *       "count": null,
         *       "fewer_than": 25
         *     }
         */
        AudienceSizeResponse: {
            /** @description Active participants matching the filters now; null when fewer than 25 do */
            count: number | null;
            /**
             * @description Present (always 25) exactly when count is null: the privacy floor
             * @constant
             */
            fewer_than?: 25;
        };
        AuditEvent: {
            /** @example aud_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            /** @description An API key, a dashboard user, or an operator at the cohort command line */
            actor_kind: "api_key" | "session" | "operator";
            /** @description The key or user id; null for an operator */
            actor_id: string | null;
            /** @description Who acted, as a person recognises them */
            actor_label: string;
            /**
             * @description What was done, e.g. opportunity.pay_frequency.set, bonus.paid, payout_run.created
             * @example bonus.paid
             */
            action: string;
            /** @example opportunity */
            subject_type: string;
            subject_id: string;
            /** @description What changed, in the action’s own words */
            details: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
        };
        AuditEventList: {
            data: components["schemas"]["AuditEvent"][];
            pagination: components["schemas"]["Pagination"];
        };
        Bonus: {
            /** @example bon_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            opportunity_id: string;
            submission_id: string;
            participant_id: string;
            /** @description Paid to the participant */
            amount_cents: number;
            /** @description The platform fee on it (BONUS_FEE_PERCENT) */
            fee_cents: number;
            reason: string | null;
            /** Format: date-time */
            created_at: string;
        };
        BonusInput: {
            /** @description A submission of this opportunity that started the work (sub_...) */
            submission_id: string;
            amount_cents: number;
            /** @description Shown to nobody but you and in the webhook event; optional */
            reason?: null | string;
        };
        BonusList: {
            data: components["schemas"]["Bonus"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A bonus was paid (one event per bonus) */
        BonusPaidEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "bonus.paid";
            /** Format: date-time */
            created_at: string;
            data: {
                bonus_id: string;
                opportunity_id: string;
                submission_id: string;
                participant_id: string;
                amount_cents: number;
                fee_cents: number;
                reason: string | null;
            };
        };
        BulkMessageBody: {
            /** @description Plain text, up to 5,000 characters; never rendered as HTML */
            body: string;
            /** @description Submissions of this opportunity to write to; or give status instead */
            submission_ids?: string[];
            /**
             * @description Write to every submission of this opportunity in this status
             * @enum {unknown}
             */
            status?: "screen_passed" | "screened_out" | "in_progress" | "awaiting_review" | "approved" | "rejected" | "abandoned";
        };
        BulkMessageResponse: {
            /** @description Carried by each message of this send */
            batch_id: string;
            recipient_count: number;
            /**
             * @description One message per recipient is written (and mailed) by a job within seconds
             * @constant
             */
            status: "queued";
        };
        CalendarLink: {
            /** @description The secret link; shown once, replaced by the next rotation */
            url: string;
        };
        CancelledEnrollment: {
            submission_id: string;
            session_id: string;
            /** @constant */
            status: "cancelled";
        };
        CancelledSession: {
            id: string;
            /** @constant */
            status: "cancelled";
            /** @description Participants told, whose seats went back */
            cancelled_enrollments: number;
        };
        CellAction: {
            row: string;
            column: string;
            qualify_logic: "may" | "must" | "must_one_of" | "reject" | "review";
        };
        Condition: {
            /** @description A question key */
            screening_question: string;
            /** @description An answer text; `Row: Column` for a grid source; Yes or No for boolean */
            answer: string;
            /** @description eq: answered that value; ne: did not */
            operator: "eq" | "ne";
        };
        ConditionalRule: {
            conditions: components["schemas"]["Condition"][];
            join: "and" | "or";
            outcome: "reject" | "review";
        };
        CreateFeasibilityRequestBody: {
            taskDescription: string;
            panelDescription: string;
            submissionCount: number;
            timelineHours: number;
            /** @description ONE_TIME (default) is priced automatically; others by an operator */
            payRateFrequency?: "ONE_TIME" | "HOURLY" | "PER_TASK";
            /** @description Length of interview */
            loiMinutes: number;
        };
        CreateGroupBody: {
            name: string;
        };
        CreateLabBody: {
            name: string;
            /** @description Where participants go; printed in confirmations and calendar files */
            address: string;
            /**
             * @description IANA time zone of the lab, e.g. Europe/Berlin
             * @example Europe/Berlin
             */
            time_zone: string;
            /** @description Seats in the room: overlapping sessions together may not need more */
            capacity: number;
        };
        CreateOpportunityBody: {
            title: string;
            internal_title?: null | string;
            description?: null | string;
            /** @description From POST /projects */
            project_id: string;
            num_participants: number;
            /** @description Defaults to the sum of the task durations */
            estimated_duration_minutes?: number;
            /** @description Recruitment window in days (default 7); ending_at follows from it */
            expected_days_to_complete?: number;
            business_type?: null | ("b2b" | "b2c");
            candidate_profile?: null | string;
            feasibility_request_id?: null | string;
            filters?: unknown[];
            screening_questions?: components["schemas"]["ScreeningQuestionInput"][];
            quotas?: components["schemas"]["QuotaInput"][];
            cross_quotas?: components["schemas"]["CrossQuota"][];
            tasks: components["schemas"]["TaskInput"][];
            device_types?: ("desktop" | "mobile_ios" | "mobile_android" | "other")[];
            required_accounts?: string[];
            video_required?: "none" | "requested" | "required";
            screen_share_required?: "none" | "requested" | "required";
            customer_screening_review?: "auto_invite" | "manual_review";
            /**
             * @description Always one_time at creation
             * @constant
             */
            pay_frequency?: "one_time";
            /** @description The string `enabled` or `disabled`, not a boolean */
            screening_option_randomization?: "enabled" | "disabled";
            /** @description The string `enabled` or `disabled`, not a boolean */
            forwarding_email_enabled?: "enabled" | "disabled";
            max_responses_per_expert?: null | number;
            /** @description How long a participant may hold a place for work (screen_passed or in_progress) before it times out and goes back to recruitment (abandoned, abandoned_reason timed_out), in minutes, 1 to 10,080. Default: three times the tasks’ total duration_minutes, at least 10 */
            max_minutes_per_submission?: number;
            auto_approve_after_days?: null | number;
            /** @description The language the study is written in (en, de, fr or es). Participants reading another language see its translation, when it has one */
            language?: "en" | "de" | "fr" | "es";
            /** @description By language (en, de, fr or es, not the study’s own): what participants reading it see instead of the study’s texts. Every screening question (by key) and task (by sequence) of the study must be translated, no other, and each question with as many answers as it has, in its order; answers are graded by position, so an applicant may name an option in either language. Draft only */
            translations?: {
                [key: string]: {
                    title: string;
                    description?: null | string;
                    /** @description By question key */
                    screening_questions?: {
                        [key: string]: {
                            text: string;
                            /** @description One per answer of the question, in its order (none for text and grid) */
                            answers?: string[];
                        };
                    };
                    /** @description By task sequence */
                    tasks?: {
                        [key: string]: {
                            title: string;
                            description?: null | string;
                        };
                    };
                };
            };
            /** @description Invitations sent for you (docs/api/invitations.md): `initial_invitations` at launch, then `wave_size` more every `wave_every_minutes` while the study is active and places remain, until nobody eligible is left. Set on a draft or an active study (setting it on an active one starts the waves if none run); null clears it */
            outreach?: {
                /** @description Invited at launch (0: none, only waves) */
                initial_invitations: number;
                /** @description Invited each wave */
                wave_size: number;
                /** @description Minutes between waves (5 to 10,080, a week) */
                wave_every_minutes: number;
            } | null;
            /** @description Paid through the ledger to a participant who came to a lab session and was sent home (attendance showed_up_not_needed); 0 by default */
            show_up_fee_cents?: number;
        };
        CreatePayoutRunBody: {
            /**
             * Format: date-time
             * @description Pay work up to this instant (ISO 8601, not in the future); now when left out
             */
            until?: string;
        };
        CreateProjectBody: {
            name: string;
            description?: string;
        };
        CreateSessionBody: {
            /** @description The lab it takes place in; leave out (or null) for an online session */
            lab_id?: string | null;
            /**
             * @description ISO 8601 instant with its offset
             * @example 2026-10-26T09:00:00Z
             */
            starts_at: string;
            duration_minutes: number;
            capacity: number;
            /**
             * @description Seats on top of capacity, for people who may be sent home with the show-up fee
             * @default 0
             */
            reserve: number;
            /** @default 120 */
            enrollment_closes_minutes_before: number;
            /** @default 24 */
            reminder_hours_before: number;
        };
        CreateSubscriptionBody: {
            /** @description https or http URL receiving POSTs */
            target_url: string;
            /** @description Event types to receive; GET /v2/hooks/event-types lists them */
            event_types: string[];
        };
        CreatedWebhookSubscription: {
            /** @example whk_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            target_url: string;
            /**
             * @example [
             *       "submission.status.change"
             *     ]
             */
            event_types: string[];
            /** @description false once disabled (see disabled_reason) */
            is_enabled: boolean;
            confirmed_at: string | null;
            disabled_at: string | null;
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The signing secret; shown only here and on rotation
             * @example whsec_3q2+7w0n4hV2bZQk2k9yH8mC0xq5w7m3R6cQ8yJmQ0A=
             */
            secret: string;
        };
        CrossQuota: {
            label: string;
            conditions: components["schemas"]["Condition"][];
            join: "and" | "or";
            target: number;
            quota_type: "exact" | "minimum" | "maximum";
            /** @description Cells sharing a dimension are summed as one cross-tab */
            dimension?: string;
        };
        CrossQuotaProgress: {
            label: string;
            conditions: components["schemas"]["Condition"][];
            join: "and" | "or";
            target: number;
            quota_type: "exact" | "minimum" | "maximum";
            /** @description Cells sharing a dimension are summed as one cross-tab */
            dimension?: string;
            current: number;
        };
        DeletedLab: {
            id: string;
            /** @constant */
            deleted: true;
        };
        DeletedOpportunity: {
            id: string;
            /** @constant */
            deleted: true;
            dashboard_url: null | string;
        };
        DeletedParticipantGroup: {
            id: string;
            /** @constant */
            deleted: true;
        };
        DeletedSubscription: {
            id: string;
            /** @constant */
            deleted: true;
        };
        DisplayCondition: {
            conditions: components["schemas"]["Condition"][];
            join: "and" | "or";
        };
        Earnings: {
            /** @description Everything paid to you so far */
            total_cents: number;
            /** @constant */
            currency: "usd";
            data: {
                id: string;
                submission_id: string | null;
                opportunity_id: string | null;
                opportunity_title: string | null;
                amount_cents: number;
                /** @description incentive: approved work; bonus: a bonus from the researcher; payout_run: hourly or per-task pay */
                kind: "incentive" | "bonus" | "payout_run";
                paid_at: string;
            }[];
            pagination: components["schemas"]["Pagination"];
        };
        EnrollBody: {
            session_id: string;
        };
        Enrollment: {
            id: string;
            submission_id: string;
            status: "enrolled" | "cancelled";
            /** @description Whether the seat is a reserve seat */
            reserve: boolean;
            attendance: ("participated" | "showed_up_not_needed" | "no_show" | "excused") | null;
            /** Format: date-time */
            cancellable_until: string;
            /** @description The session as an iCalendar file (Add to calendar) */
            calendar_url: string;
            session: components["schemas"]["ParticipantSession"];
        };
        EventTypeList: {
            data: {
                type: string;
                description: string;
            }[];
        };
        FeasibilityRequest: {
            id: string;
            status: "RECEIVED" | "RESPONDED" | "WON" | "LOST" | "NOT_PURSUED";
            source: string;
            taskDescription: string;
            panelDescription: string;
            submissionCount: number;
            timelineHours: number;
            payRateFrequency: string;
            loiMinutes: number;
            costPerParticipant: null | string;
            respondedAt: null | string;
            createdAt: string;
            dashboard_url: null | string;
        };
        /** @description A feasibility request was received or moved */
        FeasibilityStatusChangeEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "feasibility.status.change";
            /** Format: date-time */
            created_at: string;
            data: {
                feasibility_request_id: string;
                previous_status: string | null;
                status: string;
            };
        };
        FilterCatalog: {
            data: components["schemas"]["FilterCatalogEntry"][];
        };
        FilterCatalogEntry: {
            /** @example multi_select--country */
            slug: string;
            name: string;
            /**
             * @description Read off the slug: `<type>--<name>`
             * @enum {string}
             */
            type: "multi_select" | "integer" | "reference";
            /** @enum {string} */
            category: "location" | "demographics" | "professional" | "education" | "household" | "technology" | "participation";
            /**
             * @example [
             *       "$in",
             *       "$nin"
             *     ]
             */
            operators: string[];
            min?: number;
            max?: number;
            /** @description Absolute URL of the option list; only on fixed-list filters */
            options_url?: string;
        };
        FilterOption: {
            id: string;
            name: string;
        };
        FilterOptionPage: {
            data: components["schemas"]["FilterOption"][];
            meta: {
                /** @description Matches across all pages */
                total: number;
                page: number;
                per_page: number;
            };
        };
        /** @description Flat error envelope */
        FlatError: {
            code: string;
            message: string;
            issues: {
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
        Funding: {
            affordable: boolean;
            draws_on_credit: boolean;
            balance_cents: number;
            shortfall_cents: number;
            finance_url: null | string;
        };
        Grid: {
            pick: "one" | "any";
            rows: components["schemas"]["GridRow"][];
            columns: components["schemas"]["GridColumn"][];
            cell_actions?: components["schemas"]["CellAction"][];
        };
        GridColumn: {
            value: string;
            text: string;
        };
        GridRow: {
            key: string;
            text: string;
        };
        GroupMember: {
            participant_id: string;
            /** Format: date-time */
            added_at: string;
        };
        GroupMemberList: {
            data: components["schemas"]["GroupMember"][];
            pagination: components["schemas"]["Pagination"];
        };
        HoursReport: {
            /** Format: date-time */
            last_updated_at: string;
            total_seconds: number;
            total_hours: number;
            data: components["schemas"]["HoursRow"][];
        };
        HoursRow: {
            participant_id: string;
            submission_id: string;
            email: string;
            /** @description The person's local date (YYYY-MM-DD) in their timezone */
            date: string;
            /** @description IANA tracker timezone the date is in */
            timezone: string;
            seconds: number;
            /** @description seconds / 3600, two decimals */
            hours: number;
        };
        Invitation: {
            participant_id: string;
            /** Format: date-time */
            invited_at: string;
            /** @description each: its own mail at once; daily: the participant’s digest at 09:00 their time */
            delivery: "each" | "daily";
            mail_status: "queued" | "sent" | "failed";
            /** @description When the participant applied to the study, if they did */
            applied_at: string | null;
        };
        InvitationList: {
            data: components["schemas"]["Invitation"][];
            pagination: components["schemas"]["Pagination"];
        };
        InviteBody: {
            /** @description Invite a uniformly random sample of this many of the participants eligible now */
            count?: number;
            /** @description Invite these participants; each must be eligible, or nobody is invited */
            participant_ids?: string[];
        };
        InviteResponse: {
            /** @description Participants invited by this call */
            invited: number;
            /** @description Participants eligible now and not yet invited, after this call */
            eligible_not_invited: number;
        };
        Lab: {
            /** @example lab_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            name: string;
            address: string;
            time_zone: string;
            capacity: number;
            /** @description Whether a secret calendar link is in effect (its URL is shown when made) */
            calendar_link_enabled: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        LabList: {
            data: components["schemas"]["Lab"][];
            pagination: components["schemas"]["Pagination"];
        };
        Message: {
            /** @example msg_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            submission_id: string;
            opportunity_id: string;
            participant_id: string;
            sender: "organization" | "participant";
            /** @description Plain text as written */
            body: string;
            /** @description The bulk send that wrote it, if any */
            batch_id: string | null;
            /** Format: date-time */
            created_at: string;
        };
        MessageList: {
            data: components["schemas"]["Message"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description A participant wrote to you about their submission */
        MessageReceivedEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "message.received";
            /** Format: date-time */
            created_at: string;
            data: {
                message_id: string;
                submission_id: string;
                opportunity_id: string;
                participant_id: string;
                /** @description Plain text: never render it as HTML */
                body: string;
                /** Format: date-time */
                created_at: string;
            };
        };
        /** @description Nested error envelope */
        NestedError: {
            error: {
                code: string;
                message: string;
            };
        };
        Opportunity: {
            id: string;
            title: string;
            internal_title: null | string;
            description: null | string;
            status: "draft" | "active" | "fulfilled" | "paused" | "stopped" | "completed";
            num_participants: number;
            estimated_duration_minutes: number;
            filters: {
                [key: string]: {
                    [key: string]: unknown;
                };
            }[];
            screening_questions: components["schemas"]["ScreeningQuestion"][];
            quotas: components["schemas"]["Quota"][];
            cross_quotas: components["schemas"]["CrossQuota"][];
            tasks: components["schemas"]["Task"][];
            pricing: null | components["schemas"]["Pricing"];
            funding?: components["schemas"]["Funding"];
            device_types: string[];
            business_type: null | string;
            candidate_profile: null | string;
            required_accounts: string[];
            video_required: string;
            screen_share_required: string;
            customer_screening_review: string;
            pay_frequency: string;
            hourly_rate_cents: null | number;
            task_price_cents: null | number;
            screening_option_randomization: string;
            forwarding_email_enabled: string;
            max_responses_per_expert: null | number;
            /** @description How long a participant may hold a place for work (screen_passed or in_progress) before it times out and goes back to recruitment (abandoned, abandoned_reason timed_out), in minutes, 1 to 10,080. Default: three times the tasks’ total duration_minutes, at least 10 */
            max_minutes_per_submission: number;
            auto_approve_after_days: null | number;
            feasibility_request_id: null | string;
            /** @description The language the study is written in (en, de, fr or es). Participants reading another language see its translation, when it has one */
            language: "en" | "de" | "fr" | "es";
            /** @description By language (en, de, fr or es, not the study’s own): what participants reading it see instead of the study’s texts. Every screening question (by key) and task (by sequence) of the study must be translated, no other, and each question with as many answers as it has, in its order; answers are graded by position, so an applicant may name an option in either language. Draft only. {} when there are none */
            translations: {
                [key: string]: {
                    title: string;
                    description?: string;
                    screening_questions: {
                        [key: string]: {
                            text: string;
                            answers: string[];
                        };
                    };
                    tasks: {
                        [key: string]: {
                            title: string;
                            description?: string;
                        };
                    };
                };
            };
            /** @description Invitations sent for you (docs/api/invitations.md): `initial_invitations` at launch, then `wave_size` more every `wave_every_minutes` while the study is active and places remain, until nobody eligible is left. Set on a draft or an active study (setting it on an active one starts the waves if none run); null clears it */
            outreach: {
                /** @description Invited at launch (0: none, only waves) */
                initial_invitations: number;
                /** @description Invited each wave */
                wave_size: number;
                /** @description Minutes between waves (5 to 10,080, a week) */
                wave_every_minutes: number;
            } | null;
            /** @description Paid through the ledger to a participant who came to a lab session and was sent home (attendance showed_up_not_needed); 0 by default */
            show_up_fee_cents: number;
            project_id: string;
            created_at: string;
            updated_at: string;
            ending_at: null | string;
            launched_at: null | string;
            links: {
                self: string;
                launch: null | string;
                submissions: string;
                /** @description Pages for people, not API paths */
                dashboard: {
                    study: null | string;
                    draft_editor: null | string;
                    submissions: null | string;
                    recruitment: null | string;
                    task: null | string;
                    settings: null | string;
                };
            };
            submission_stats?: components["schemas"]["SubmissionStats"];
            /** @description Launched only: places held now (screen_passed, in_progress, awaiting_review, approved). A time-out, a return or a rejection frees one, and recruiting fills it again */
            places_taken?: number;
            quota_progress?: components["schemas"]["QuotaProgress"][];
            cross_quota_progress?: components["schemas"]["CrossQuotaProgress"][];
            screening_stats?: components["schemas"]["ScreeningStat"][];
        };
        OpportunityList: {
            data: components["schemas"]["OpportunitySummary"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description An opportunity changed status (as the API shows statuses) */
        OpportunityStatusChangeEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "opportunity.status.change";
            /** Format: date-time */
            created_at: string;
            data: {
                opportunity_id: string;
                /** @enum {unknown} */
                previous_status: "draft" | "active" | "fulfilled" | "paused" | "stopped" | "completed";
                /** @enum {unknown} */
                status: "draft" | "active" | "fulfilled" | "paused" | "stopped" | "completed";
            };
        };
        OpportunitySummary: {
            id: string;
            title: string;
            status: "draft" | "active" | "fulfilled" | "paused" | "stopped" | "completed";
            num_participants: number;
            pricing: null | components["schemas"]["Pricing"];
            created_at: string;
            dashboard_url: null | string;
        };
        Pagination: {
            next_cursor: string | null;
            has_more: boolean;
        };
        PaidBonusesResponse: {
            data: components["schemas"]["Bonus"][];
            /** @description Paid to participants by this call */
            total_cents: number;
            /** @description The platform fee charged on top, as its own line */
            fee_cents: number;
            /** @constant */
            currency: "usd";
        };
        ParticipantBackground: {
            experiences: {
                company: string;
                role: string | null;
                started_at: string | null;
                ended_at: string | null;
                description: string | null;
            }[];
            educations: {
                school: string;
                degree: string | null;
                major: string | null;
            }[];
        } | null;
        ParticipantErased: {
            id: string;
            /** @constant */
            deleted: true;
        };
        ParticipantExport: {
            exported_at: string;
            participant: {
                id: string;
                name: string;
                email: string;
                linkedin_url: string | null;
                timezone: string;
                /** @enum {string} */
                language: "en" | "de" | "fr" | "es";
                birth_date: string;
                country_id: string;
                state_id: string | null;
                city_id: string | null;
                attributes: {
                    [key: string]: string[];
                };
                linked_accounts: string[];
                background: {
                    experiences: {
                        company: string;
                        role?: string | null;
                        started_at?: string | null;
                        ended_at?: string | null;
                        description?: string | null;
                    }[];
                    educations: {
                        school: string;
                        degree?: string | null;
                        major?: string | null;
                    }[];
                };
                notifications: {
                    /**
                     * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                     * @enum {string}
                     */
                    new_studies: "each" | "daily" | "never";
                };
                /** @description True when the mail server refused this address for good: no invitation goes to it until the participant changes their email */
                mail_undeliverable: boolean;
                created_at: string;
                updated_at: string;
            };
            account: {
                /** @description active, or erased after an erasure */
                status: string;
                email_verified_at: string | null;
                /** @description How often you hear of new studies: each, daily, never */
                new_studies: string;
                mail_undeliverable_at: string | null;
                password_set: boolean;
                /** @description A test participant made by a preview */
                test: boolean;
                sessions: {
                    created_at: string;
                    expires_at: string;
                }[];
                /** @description Organizations’ participant groups you belong to */
                group_count: number;
            };
            submissions: {
                id: string;
                opportunity_id: string;
                opportunity_title: string;
                status: string;
                screening_outcome: string | null;
                screening_answers: components["schemas"]["ScreeningAnswer"][];
                started_at: string | null;
                submitted_at: string | null;
                decided_at: string | null;
                rejection_category: string | null;
                rejection_reason: string | null;
                abandoned_reason: string | null;
                return_request_reason: string | null;
                paid_cents: number;
                quality_flags: string[];
                /** @description Whether a keyed hash of the network address and browser that applied is held (never the address itself) */
                network_fingerprint_held: boolean;
                tasks: {
                    sequence: number;
                    status: string;
                    notes: string | null;
                    files: {
                        id: string;
                        name: string;
                        mime_type: string;
                        size_bytes: number;
                    }[];
                    submitted_at: string;
                    reviewed_at: string | null;
                }[];
                created_at: string;
                updated_at: string;
            }[];
            time_entries: {
                id: string;
                submission_id: string;
                opportunity_id: string;
                started_at: string;
                ended_at: string;
                seconds: number;
                created_at: string;
            }[];
            messages: {
                id: string;
                submission_id: string;
                opportunity_id: string;
                /** @description participant (you) or organization */
                sender: string;
                body: string;
                created_at: string;
            }[];
            payments: {
                id: string;
                kind: string;
                /** @description What this ledger row paid you */
                amount_cents: number;
                opportunity_id: string | null;
                submission_id: string | null;
                created_at: string;
            }[];
            uploads: {
                submission_id: string;
                sequence: number;
                id: string;
                name: string;
                mime_type: string;
                size_bytes: number;
            }[];
            mail: {
                id: string;
                kind: string;
                subject: string;
                status: string;
                created_at: string;
            }[];
            /** @description The studies you were invited to by mail */
            invitations: {
                opportunity_id: string;
                invited_at: string;
                /** @description each: its own mail; daily: in the day’s digest */
                delivery: string;
            }[];
        };
        ParticipantGroup: {
            /** @example grp_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            name: string;
            member_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ParticipantGroupList: {
            data: components["schemas"]["ParticipantGroup"][];
            pagination: components["schemas"]["Pagination"];
        };
        ParticipantMessage: {
            id: string;
            submission_id: string;
            /** @description organization: the researcher; participant: you */
            sender: "organization" | "participant";
            body: string;
            /** Format: date-time */
            created_at: string;
        };
        ParticipantMessageList: {
            data: components["schemas"]["ParticipantMessage"][];
            pagination: components["schemas"]["Pagination"];
        };
        ParticipantOpportunity: {
            id: string;
            title: string;
            description: string | null;
            /** @description active while recruiting */
            status: string;
            estimated_duration_minutes: number;
            /** @description What an approved submission pays you */
            incentive_cents: number;
            /** @constant */
            currency: "usd";
            places_remaining: number;
            device_types: string[];
            required_accounts: string[];
            video_required: string;
            screen_share_required: string;
            ending_at: string | null;
            launched_at: string | null;
        };
        ParticipantOpportunityDetail: {
            id: string;
            title: string;
            description: string | null;
            /** @description active while recruiting */
            status: string;
            estimated_duration_minutes: number;
            /** @description What an approved submission pays you */
            incentive_cents: number;
            /** @constant */
            currency: "usd";
            places_remaining: number;
            device_types: string[];
            required_accounts: string[];
            video_required: string;
            screen_share_required: string;
            ending_at: string | null;
            launched_at: string | null;
            tasks: components["schemas"]["ParticipantTaskBrief"][];
            screening_questions: components["schemas"]["ParticipantScreeningQuestion"][];
            application: {
                id: string;
                status: string;
            } | null;
        };
        ParticipantOpportunityList: {
            data: components["schemas"]["ParticipantOpportunity"][];
            pagination: components["schemas"]["Pagination"];
        };
        ParticipantScreeningQuestion: {
            key: string;
            text: string;
            question_rich_text?: string;
            pick: "one" | "any" | "boolean" | "text" | "grid";
            answers: {
                text: string;
                allow_free_text?: boolean;
            }[];
            grid?: {
                pick: "one" | "any";
                rows: components["schemas"]["GridRow"][];
                columns: components["schemas"]["GridColumn"][];
            };
            display_condition?: components["schemas"]["DisplayCondition"];
            skip_rules?: components["schemas"]["SkipRule"][];
            allow_paste?: boolean;
        };
        ParticipantSession: {
            id: string;
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            duration_minutes: number;
            seats_left: number;
            /** Format: date-time */
            enrollment_closes_at: string;
            online: boolean;
            lab: {
                name: string;
                address: string;
                time_zone: string;
            } | null;
            /** @description The start on the lab’s wall clock (YYYY-MM-DDTHH:MM), null online */
            starts_at_lab_time: string | null;
            /** @description The start on your wall clock, in your profile’s time zone (YYYY-MM-DDTHH:MM) */
            starts_at_your_time: string;
            your_time_zone: string;
        };
        ParticipantSessionList: {
            data: components["schemas"]["ParticipantSession"][];
        };
        ParticipantSubmission: {
            id: string;
            opportunity_id: string;
            opportunity_title: string;
            /** @description awaiting_decision while the customer decides, then screen_passed, screened_out, in_progress, awaiting_review, approved, rejected or abandoned */
            status: string;
            incentive_cents: number;
            /** @constant */
            currency: "usd";
            paid_cents: number;
            rejection_category: string | null;
            rejection_reason: string | null;
            abandoned_reason: string | null;
            deadline_at: string | null;
            return_requested_at: string | null;
            return_request_reason: string | null;
            created_at: string;
            updated_at: string;
            started_at: string | null;
            submitted_at: string | null;
            tasks: components["schemas"]["ParticipantTask"][];
        };
        ParticipantSubmissionList: {
            data: components["schemas"]["ParticipantSubmission"][];
            pagination: components["schemas"]["Pagination"];
        };
        ParticipantTask: {
            sequence: number;
            task_type: string;
            title: string;
            description: string;
            duration_minutes: number;
            available_after_sequence?: number;
            available_after_delay_minutes?: number;
            instructions?: string;
            accepted_mime_types?: string[];
            min_files?: number;
            max_files?: number;
            max_file_size_bytes?: number;
            /** @enum {unknown} */
            status: "locked" | "available" | "submitted" | "approved" | "rejected";
            available_at: string | null;
            participant_url: string | null;
            submitted_at?: string;
        };
        ParticipantTaskBrief: {
            sequence: number;
            task_type: string;
            title: string;
            description: string;
            duration_minutes: number;
            available_after_sequence?: number;
            available_after_delay_minutes?: number;
            instructions?: string;
            accepted_mime_types?: string[];
            min_files?: number;
            max_files?: number;
            max_file_size_bytes?: number;
        };
        PatchLabBody: {
            name?: string;
            /** @description Where participants go; printed in confirmations and calendar files */
            address?: string;
            /**
             * @description IANA time zone of the lab, e.g. Europe/Berlin
             * @example Europe/Berlin
             */
            time_zone?: string;
            /** @description Seats in the room: overlapping sessions together may not need more */
            capacity?: number;
        };
        PatchOpportunityBody: {
            title?: string;
            internal_title?: null | string;
            description?: null | string;
            screening_questions?: components["schemas"]["ScreeningQuestionInput"][];
            quotas?: components["schemas"]["QuotaInput"][];
            cross_quotas?: components["schemas"]["CrossQuota"][];
            expected_days_to_complete?: number;
            max_minutes_per_submission?: null | number;
            auto_approve_after_days?: null | number;
            /** @description The language the study is written in (en, de, fr or es). Participants reading another language see its translation, when it has one */
            language?: "en" | "de" | "fr" | "es";
            /** @description By language (en, de, fr or es, not the study’s own): what participants reading it see instead of the study’s texts. Every screening question (by key) and task (by sequence) of the study must be translated, no other, and each question with as many answers as it has, in its order; answers are graded by position, so an applicant may name an option in either language. Draft only */
            translations?: {
                [key: string]: {
                    title: string;
                    description?: null | string;
                    /** @description By question key */
                    screening_questions?: {
                        [key: string]: {
                            text: string;
                            /** @description One per answer of the question, in its order (none for text and grid) */
                            answers?: string[];
                        };
                    };
                    /** @description By task sequence */
                    tasks?: {
                        [key: string]: {
                            title: string;
                            description?: null | string;
                        };
                    };
                };
            };
            /** @description Invitations sent for you (docs/api/invitations.md): `initial_invitations` at launch, then `wave_size` more every `wave_every_minutes` while the study is active and places remain, until nobody eligible is left. Set on a draft or an active study (setting it on an active one starts the waves if none run); null clears it */
            outreach?: {
                /** @description Invited at launch (0: none, only waves) */
                initial_invitations: number;
                /** @description Invited each wave */
                wave_size: number;
                /** @description Minutes between waves (5 to 10,080, a week) */
                wave_every_minutes: number;
            } | null;
            /** @description Paid through the ledger to a participant who came to a lab session and was sent home (attendance showed_up_not_needed); 0 by default */
            show_up_fee_cents?: number;
        };
        PatchSessionBody: {
            /** @description The lab it takes place in; leave out (or null) for an online session */
            lab_id?: string | null;
            /**
             * @description ISO 8601 instant with its offset
             * @example 2026-10-26T09:00:00Z
             */
            starts_at?: string;
            duration_minutes?: number;
            capacity?: number;
            /** @description Seats on top of capacity, for people who may be sent home with the show-up fee */
            reserve?: number;
            enrollment_closes_minutes_before?: number;
            reminder_hours_before?: number;
        };
        PayBonusesBody: {
            /** @description Paid all or none; one line per submission */
            bonuses: components["schemas"]["BonusInput"][];
        };
        PayoutRun: {
            /** @example pay_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            opportunity_id: string;
            pay_frequency: "hourly" | "per_task";
            /** @description The hourly rate or the task price paid at */
            rate_cents: number;
            /** Format: date-time */
            until: string;
            /** @description Charged to the balance and paid to participants */
            total_cents: number;
            /** @constant */
            currency: "usd";
            line_count: number;
            /** @description api: POST .../payout-runs; schedule: the weekly run */
            trigger: "api" | "schedule";
            /** Format: date-time */
            created_at: string;
        };
        /** @description A payout run paid its lines */
        PayoutRunCompletedEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "payout_run.completed";
            /** Format: date-time */
            created_at: string;
            data: {
                payout_run_id: string;
                opportunity_id: string;
                pay_frequency: "hourly" | "per_task";
                /** Format: date-time */
                until: string;
                total_cents: number;
                line_count: number;
            };
        };
        PayoutRunDetail: {
            /** @example pay_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            opportunity_id: string;
            pay_frequency: "hourly" | "per_task";
            /** @description The hourly rate or the task price paid at */
            rate_cents: number;
            /** Format: date-time */
            until: string;
            /** @description Charged to the balance and paid to participants */
            total_cents: number;
            /** @constant */
            currency: "usd";
            line_count: number;
            /** @description api: POST .../payout-runs; schedule: the weekly run */
            trigger: "api" | "schedule";
            /** Format: date-time */
            created_at: string;
            lines: components["schemas"]["PayoutRunLine"][];
        };
        PayoutRunLine: {
            submission_id: string;
            participant_id: string;
            /** @description Approved tracked seconds paid (hourly runs); null on per-task runs */
            seconds: number | null;
            /** @description Approved tasks paid (per-task runs); null on hourly runs */
            tasks: number | null;
            amount_cents: number;
        };
        PayoutRunList: {
            data: components["schemas"]["PayoutRun"][];
            pagination: components["schemas"]["Pagination"];
        };
        Preview: {
            /**
             * @description Opens the study in the participant app as a new test participant; works once, until expires_at
             * @example http://localhost:8080/participate/preview/3Xb2kQ...
             */
            url: string;
            /**
             * @description The test participant’s bearer token for the /participant API (shown once); it sees only this opportunity
             * @example pt_9fJ2...
             */
            token: string;
            /**
             * Format: date-time
             * @description When the url stops working
             */
            expires_at: string;
            /** @description The test participant */
            participant_id: string;
            opportunity_id: string;
        };
        Pricing: {
            cost_per_participant_cents: number;
            total_cost_cents: number;
            /** @constant */
            currency: "usd";
        };
        Project: {
            /** @example prj_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            name: string;
            /** @description Generated from the name with a unique suffix; never changes */
            slug: string;
            /** Format: date-time */
            created_at: string;
            /** @description A page for people: the project’s opportunity list */
            dashboard_url: string | null;
        };
        ProjectDetail: {
            /** @example prj_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            name: string;
            /** @description Generated from the name with a unique suffix; never changes */
            slug: string;
            /** Format: date-time */
            created_at: string;
            /** @description A page for people: the project’s opportunity list */
            dashboard_url: string | null;
            /** @description Counts drafts; excludes deleted */
            opportunity_count: number;
            description?: string;
        };
        ProjectList: {
            data: components["schemas"]["Project"][];
            pagination: components["schemas"]["Pagination"];
        };
        Quota: {
            screening_question: string;
            targets: components["schemas"]["QuotaTarget"][];
        };
        QuotaInput: {
            screening_question: string;
            targets: components["schemas"]["QuotaTargetInput"][];
        };
        QuotaProgress: {
            screening_question: string;
            targets: {
                value: string;
                count: number;
                current: number;
                type: "exact" | "minimum" | "maximum";
            }[];
        };
        QuotaTarget: {
            value: string;
            count: number;
            type: "exact" | "minimum" | "maximum";
        };
        QuotaTargetInput: {
            /** @description An answer text of the quota question */
            value: string;
            count: number;
            type?: "exact" | "minimum" | "maximum";
        };
        RecordTimeEntryBody: {
            /** @description One of your submissions in progress */
            submission_id: string;
            /** @description When the work began: ISO 8601 with Z or an offset, such as 2026-03-01T09:30:00Z */
            started_at: string;
            /** @description When it ended (exclusive): ISO 8601 with Z or an offset, such as 2026-03-01T09:30:00Z */
            ended_at: string;
        };
        RecordedTimeEntry: {
            /** @example tim_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            submission_id: string;
            /**
             * Format: date-time
             * @description Stored in UTC
             */
            started_at: string;
            /**
             * Format: date-time
             * @description Stored in UTC
             */
            ended_at: string;
            /** @description Whole seconds counted towards hours */
            seconds: number;
            /** Format: date-time */
            created_at: string;
            /** @description The tracker timezone the days were counted in */
            timezone: string;
            /** @description The entry split at local midnight; each part counts on its own date */
            days: components["schemas"]["TrackedDay"][];
        };
        RecoverBody: {
            /** @description ISO 8601 time; failed deliveries created at or after it are sent again */
            since: string;
        };
        RecoverResponse: {
            subscription_id: string;
            /** Format: date-time */
            since: string;
            /** @description Failed deliveries queued for an attempt now */
            requeued: number;
        };
        RejectBody: {
            /**
             * @description Why the work was not accepted
             * @enum {unknown}
             */
            rejection_category?: "TOO_QUICKLY" | "TOO_SLOWLY" | "FAILED_INSTRUCTIONS" | "INCOMP_LONGITUDINAL" | "FAILED_CHECK" | "LOW_EFFORT" | "MALINGERING" | "NO_CODE" | "BAD_CODE" | "NO_DATA" | "UNSUPP_DEVICE" | "OTHER";
            rejection_reason?: string;
        };
        RemovedMember: {
            group_id: string;
            participant_id: string;
            /** @constant */
            deleted: true;
        };
        RenameGroupBody: {
            name: string;
        };
        RenameProjectBody: {
            name: string;
            description?: string;
        };
        RequestReturnBody: {
            /** @description Why you ask for the place back; the participant reads it */
            reason: string;
        };
        ScreeningAnswer: {
            key?: string;
            /** @description The question text */
            question: string;
            answer: string[];
            outcome: "qualify" | "reject" | "not_important" | "review" | null;
            /** @description What the applicant wrote in an allow_free_text answer */
            free_text?: string;
        };
        ScreeningQuestion: {
            key: string;
            text: string;
            /** @description Markdown; text stays the source */
            question_rich_text?: string;
            pick: "one" | "any" | "boolean" | "text" | "grid";
            grid?: components["schemas"]["Grid"];
            min_qualifying?: number;
            display_condition?: components["schemas"]["DisplayCondition"];
            conditional_rules?: components["schemas"]["ConditionalRule"][];
            skip_rules?: components["schemas"]["SkipRule"][];
            allow_paste?: boolean;
            answers: components["schemas"]["AnswerItem"][];
        };
        ScreeningQuestionInput: {
            /** @description Assigned when omitted */
            key?: string;
            text: string;
            /** @description Markdown; text stays the source */
            question_rich_text?: string;
            pick: "one" | "any" | "boolean" | "text" | "grid";
            grid?: components["schemas"]["Grid"];
            min_qualifying?: number;
            display_condition?: components["schemas"]["DisplayCondition"];
            conditional_rules?: components["schemas"]["ConditionalRule"][];
            skip_rules?: components["schemas"]["SkipRule"][];
            allow_paste?: boolean;
            answers?: components["schemas"]["AnswerItemInput"][];
        };
        ScreeningStat: {
            screening_question: string;
            graded: number;
            rejected: number;
            rejection_rate: number;
            answers: {
                text: string;
                selected: number;
                share: number;
            }[];
        };
        SecretResponse: {
            secret: string;
        };
        SendMessageBody: {
            /** @description Plain text, up to 5,000 characters; never rendered as HTML */
            body: string;
        };
        Session: {
            /** @example ses_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            opportunity_id: string;
            lab_id: string | null;
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            duration_minutes: number;
            capacity: number;
            reserve: number;
            /** @description Participants enrolled now, reserves included */
            enrolled: number;
            /** @description Seats still free, reserve seats included */
            seats_left: number;
            enrollment_closes_minutes_before: number;
            /** Format: date-time */
            enrollment_closes_at: string;
            reminder_hours_before: number;
            status: "scheduled" | "cancelled";
            cancelled_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A lab session was cancelled: everyone enrolled was mailed and their seats went back */
        SessionCancelledEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "session.cancelled";
            /** Format: date-time */
            created_at: string;
            data: {
                session_id: string;
                opportunity_id: string;
                lab_id: string | null;
                /** Format: date-time */
                starts_at: string;
                submission_ids: string[];
            };
        };
        SessionList: {
            data: components["schemas"]["Session"][];
            pagination: components["schemas"]["Pagination"];
        };
        SkipRule: {
            conditions: components["schemas"]["Condition"][];
            join: "and" | "or";
            /** @description A LATER question key; null ends the screener */
            target_question: string | null;
        };
        StopBody: {
            /** @description Recorded with the stop, the refund and each withdrawn invitation */
            reason?: string;
        };
        Submission: {
            /** @example sub_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            opportunity_id: string;
            participant_id: string;
            /** @enum {unknown} */
            status: "screen_passed" | "screened_out" | "in_progress" | "awaiting_review" | "approved" | "rejected" | "abandoned";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            participant_name: string | null;
            participant_linkedin_url: string | null;
            participant_background: components["schemas"]["ParticipantBackground"];
            screening_outcome: ("passed" | "failed" | "review") | null;
            screening_answers: components["schemas"]["ScreeningAnswer"][];
            abandoned_reason: ("returned" | "timed_out" | "withdrawn" | "no_show" | "excused" | "not_needed") | null;
            deadline_at: string | null;
            auto_approve_at: string | null;
            return_requested_at: string | null;
            return_request_reason: string | null;
            /**
             * @description Signs to weigh before deciding, never refusals: `shared_network` means another application to this opportunity came from the same network address and browser within an hour (a lab’s computers share one address)
             * @example [
             *       "shared_network"
             *     ]
             */
            quality_flags: "shared_network"[];
            /** @description Made by a preview’s test participant: never charged or paid, takes no place, sends no webhook, not in statistics; listed only with include_test=true */
            test: boolean;
        };
        SubmissionBonus: {
            id: string;
            amount_cents: number;
            reason: string | null;
            /** Format: date-time */
            created_at: string;
        };
        SubmissionDetail: {
            /** @example sub_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            opportunity_id: string;
            participant_id: string;
            /** @enum {unknown} */
            status: "screen_passed" | "screened_out" | "in_progress" | "awaiting_review" | "approved" | "rejected" | "abandoned";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            participant_name: string | null;
            participant_linkedin_url: string | null;
            participant_background: components["schemas"]["ParticipantBackground"];
            screening_outcome: ("passed" | "failed" | "review") | null;
            screening_answers: components["schemas"]["ScreeningAnswer"][];
            abandoned_reason: ("returned" | "timed_out" | "withdrawn" | "no_show" | "excused" | "not_needed") | null;
            deadline_at: string | null;
            auto_approve_at: string | null;
            return_requested_at: string | null;
            return_request_reason: string | null;
            /**
             * @description Signs to weigh before deciding, never refusals: `shared_network` means another application to this opportunity came from the same network address and browser within an hour (a lab’s computers share one address)
             * @example [
             *       "shared_network"
             *     ]
             */
            quality_flags: "shared_network"[];
            /** @description Made by a preview’s test participant: never charged or paid, takes no place, sends no webhook, not in statistics; listed only with include_test=true */
            test: boolean;
            tasks: components["schemas"]["SubmissionTask"][];
            /** @description Bonuses paid on it, oldest first */
            bonuses: components["schemas"]["SubmissionBonus"][];
        };
        SubmissionList: {
            data: components["schemas"]["Submission"][];
            pagination: components["schemas"]["Pagination"];
            dashboard_url: string | null;
        };
        SubmissionStats: {
            total: number;
            in_progress: number;
            awaiting_review: number;
            approved: number;
            rejected: number;
        };
        /** @description A submission changed status; a new application has previous_status null */
        SubmissionStatusChangeEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "submission.status.change";
            /** Format: date-time */
            created_at: string;
            data: {
                submission_id: string;
                opportunity_id: string;
                participant_id: string;
                previous_status: string | null;
                status: string;
            };
        };
        SubmissionTask: {
            sequence: number;
            task_type: string;
            /** @enum {unknown} */
            status: "locked" | "available" | "submitted" | "approved" | "rejected";
            /** @description When the work was handed in */
            submitted_at?: string;
            notes?: string | null;
            files?: components["schemas"]["SubmittedFile"][];
        };
        SubmittedFile: {
            id: string;
            name: string;
            mime_type: string;
            size_bytes: number;
            /** @description API path; needs the API key */
            download_url: string;
        };
        Task: {
            sequence: number;
            task_type: string;
            review_type: string;
            task_url: null | string;
            /** @description task_url with submissionId, serviceSubmissionId and taskId appended as {submissionId} and {taskId} macros */
            participant_url_template?: string;
            title: string;
            description: string;
            duration_minutes: number;
            available_after_sequence?: number;
            available_after_delay_minutes?: number;
            provider?: string;
            calendar_owner?: string;
            event_type_url?: string;
            instructions?: string;
            accepted_mime_types?: string[];
            min_files?: number;
            max_files?: number;
            max_file_size_bytes?: number;
            /**
             * @description Hands this task in for the participant who comes back with it (see completion_url). Assigned by Cohort when the opportunity is created: 8 characters without the look-alikes 0, O, 1, I and L, unique among the opportunity’s tasks. Whoever holds it can hand the task in, so Cohort never shows it to participants (they meet it only in the redirect at the end of the survey); keep it out of what they see before then. A file_upload task cannot be completed by code: its files are uploaded on the task’s page
             * @example K7M3QXPA
             */
            completion_code: string;
            /**
             * @description Set your survey tool’s end-of-survey redirect to this URL: it hands the task in for the signed-in participant (signing them in first when needed). A wrong code changes nothing
             * @example https://cohort.example.com/participate/complete?code=K7M3QXPA
             */
            completion_url: string;
        };
        TaskInput: {
            /** @description Order of the task; defaults to position */
            sequence?: number;
            /** @description interview, file_upload or activity on create; stored tasks may have others */
            task_type: string;
            /** @constant */
            review_type?: "manual_review";
            task_url?: null | string;
            title: string;
            description?: string;
            duration_minutes: number;
            available_after_sequence?: null | number;
            available_after_delay_minutes?: null | number;
            provider?: string;
            calendar_owner?: string;
            event_type_url?: string;
            instructions?: string;
            accepted_mime_types?: string[];
            min_files?: number;
            max_files?: number;
            max_file_size_bytes?: number;
            /** @description Read-only: accepted and ignored */
            participant_url_template?: string;
            /** @description Read-only: accepted and ignored (Cohort assigns each code) */
            completion_code?: string;
            /** @description Read-only: accepted and ignored */
            completion_url?: string;
        };
        TimeEntry: {
            /** @example tim_01jd8x3c2v4k5m6n7p8q9r0s1t */
            id: string;
            submission_id: string;
            /**
             * Format: date-time
             * @description Stored in UTC
             */
            started_at: string;
            /**
             * Format: date-time
             * @description Stored in UTC
             */
            ended_at: string;
            /** @description Whole seconds counted towards hours */
            seconds: number;
            /** Format: date-time */
            created_at: string;
        };
        TimeEntryList: {
            data: components["schemas"]["TimeEntry"][];
            pagination: components["schemas"]["Pagination"];
        };
        TrackedDay: {
            /** @description Local date (YYYY-MM-DD) in the tracker timezone */
            date: string;
            seconds: number;
        };
        WebhookDelivery: {
            /** @example dlv_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            subscription_id: string;
            /** @description Also the X-Service-Event-Id header: deduplicate on it */
            event_id: string;
            event_type: string;
            /** @description The body sent, parsed */
            payload: {
                id: string;
                type: string;
                /** Format: date-time */
                created_at: string;
                data: unknown;
            };
            status: "pending" | "delivered" | "failed";
            attempts: number;
            last_attempt_at: string | null;
            next_attempt_at: string | null;
            last_response_status: number | null;
            last_error: string | null;
            /** Format: date-time */
            created_at: string;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Sent once when a subscription is confirmed */
        WebhookPingEvent: {
            /** @description The event id (evt_...): deduplicate on it */
            id: string;
            /** @constant */
            type: "webhook.ping";
            /** Format: date-time */
            created_at: string;
            data: {
                subscription_id: string;
            };
        };
        WebhookSubscription: {
            /** @example whk_01jh3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            target_url: string;
            /**
             * @example [
             *       "submission.status.change"
             *     ]
             */
            event_types: string[];
            /** @description false once disabled (see disabled_reason) */
            is_enabled: boolean;
            confirmed_at: string | null;
            disabled_at: string | null;
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookSubscriptionList: {
            data: components["schemas"]["WebhookSubscription"][];
            pagination: components["schemas"]["Pagination"];
        };
    };
    responses: {
        /** @description Invalid input: every problem is listed in issues */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Missing, invalid, revoked or expired API key */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NestedError"];
            };
        };
        /** @description The balance plus overdraft does not cover the cost */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Banned or deleted organization (nested), or insufficient access (flat) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NestedError"] | components["schemas"]["FlatError"];
            };
        };
        /** @description Unknown id, or an id of another organization */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The resource is not in a state that allows this */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Webhook confirmation failed; reason says why */
        PreconditionFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The request body is too large */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description The Idempotency-Key was used with another body */
        IdempotencyKeyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Rate limited; Retry-After holds the seconds to wait */
        RateLimited: {
            headers: {
                /** @description Whole seconds to wait before the next request is accepted */
                "Retry-After"?: number;
                /** @description Requests a key may make before it must be quiet for more than 60 seconds */
                "RateLimit-Limit"?: number;
                /** @description Requests left before the limit */
                "RateLimit-Remaining"?: number;
                /** @description Seconds until the count starts over */
                "RateLimit-Reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NestedError"];
            };
        };
        /** @description Internal error */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
    };
    parameters: {
        /**
         * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
         * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests a key may make before it must be quiet for more than 60 seconds */
        "RateLimit-Limit": number;
        /** @description Requests left before the limit */
        "RateLimit-Remaining": number;
        /** @description Seconds until the count starts over */
        "RateLimit-Reset": number;
        /** @description `true` when this is the saved answer to an earlier POST with the same Idempotency-Key */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    countAudience: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "filters": [
                 *         {
                 *           "multi_select--country": {
                 *             "$in": [
                 *               "US"
                 *             ]
                 *           }
                 *         },
                 *         {
                 *           "integer--age": {
                 *             "$gte": 25,
                 *             "$lte": 54
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AudienceSizeBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "count": 17578
                     *     }
                     */
                    "application/json": components["schemas"]["AudienceSizeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "aud_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "actor_kind": "api_key",
                     *           "actor_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "actor_label": "Actor label",
                     *           "action": "bonus.paid",
                     *           "subject_type": "opportunity",
                     *           "subject_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "details": {},
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createFeasibilityRequest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "taskDescription": "TaskDescription",
                 *       "panelDescription": "PanelDescription",
                 *       "submissionCount": 1,
                 *       "timelineHours": 1,
                 *       "loiMinutes": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateFeasibilityRequestBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "RECEIVED",
                     *       "source": "Source",
                     *       "taskDescription": "TaskDescription",
                     *       "panelDescription": "PanelDescription",
                     *       "submissionCount": 1,
                     *       "timelineHours": 1,
                     *       "payRateFrequency": "PayRateFrequency",
                     *       "loiMinutes": 1,
                     *       "costPerParticipant": "CostPerParticipant",
                     *       "respondedAt": "2025-03-14T09:26:53.000Z",
                     *       "createdAt": "2025-03-14T09:26:53.000Z",
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["FeasibilityRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getFeasibilityRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example fea_01jpb7k3q8m4x9v2c6n5t0r1wz */
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "RECEIVED",
                     *       "source": "Source",
                     *       "taskDescription": "TaskDescription",
                     *       "panelDescription": "PanelDescription",
                     *       "submissionCount": 1,
                     *       "timelineHours": 1,
                     *       "payRateFrequency": "PayRateFrequency",
                     *       "loiMinutes": 1,
                     *       "costPerParticipant": "CostPerParticipant",
                     *       "respondedAt": "2025-03-14T09:26:53.000Z",
                     *       "createdAt": "2025-03-14T09:26:53.000Z",
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["FeasibilityRequest"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listFilters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "slug": "multi_select--country",
                     *           "name": "Name",
                     *           "type": "multi_select",
                     *           "category": "location",
                     *           "operators": [
                     *             "$in",
                     *             "$nin"
                     *           ],
                     *           "min": 1,
                     *           "max": 1,
                     *           "options_url": "https://cohort.example.com/dashboard"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FilterCatalog"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listFilterOptions: {
        parameters: {
            query?: {
                /** @description Matches ids, names and alternate names, ignoring case and accents */
                search?: string;
                page?: number;
                per_page?: number;
                /** @description ISO 3166-1 alpha-2 code; needed by the state and city lists */
                country_id?: string;
                /** @description State option id (`US-CA`) or bare code (`CA`); narrows cities */
                state_id?: string;
            };
            header?: never;
            path: {
                /** @example example-3kq9 */
                filter_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "name": "Name"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "page": 1,
                     *         "per_page": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FilterOptionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listHookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "type": "Type",
                     *           "description": "Description"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listHookEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                subscription_id?: string;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "dlv_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "subscription_id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "event_id": "evt_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "event_type": "Event type",
                     *           "payload": {
                     *             "id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *             "type": "Type",
                     *             "created_at": "2025-03-14T09:26:53.000Z",
                     *             "data": {}
                     *           },
                     *           "status": "pending",
                     *           "attempts": 1,
                     *           "last_attempt_at": "2025-03-14T09:26:53.000Z",
                     *           "next_attempt_at": "2025-03-14T09:26:53.000Z",
                     *           "last_response_status": 1,
                     *           "last_error": "Last error",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getHookEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dlv_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "subscription_id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "event_id": "evt_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "event_type": "Event type",
                     *       "payload": {
                     *         "id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "type": "Type",
                     *         "created_at": "2025-03-14T09:26:53.000Z",
                     *         "data": {}
                     *       },
                     *       "status": "pending",
                     *       "attempts": 1,
                     *       "last_attempt_at": "2025-03-14T09:26:53.000Z",
                     *       "next_attempt_at": "2025-03-14T09:26:53.000Z",
                     *       "last_response_status": 1,
                     *       "last_error": "Last error",
                     *       "created_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    retryHookEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "dlv_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "subscription_id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "event_id": "evt_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "event_type": "Event type",
                     *       "payload": {
                     *         "id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "type": "Type",
                     *         "created_at": "2025-03-14T09:26:53.000Z",
                     *         "data": {}
                     *       },
                     *       "status": "pending",
                     *       "attempts": 1,
                     *       "last_attempt_at": "2025-03-14T09:26:53.000Z",
                     *       "next_attempt_at": "2025-03-14T09:26:53.000Z",
                     *       "last_response_status": 1,
                     *       "last_error": "Last error",
                     *       "created_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listHookSubscriptions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "whk_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "target_url": "https://cohort.example.com/dashboard",
                     *           "event_types": [
                     *             "submission.status.change"
                     *           ],
                     *           "is_enabled": true,
                     *           "confirmed_at": "2025-03-14T09:26:53.000Z",
                     *           "disabled_at": "2025-03-14T09:26:53.000Z",
                     *           "disabled_reason": "Disabled reason",
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSubscriptionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createHookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "target_url": "https://cohort.example.com/dashboard",
                 *       "event_types": [
                 *         "text"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateSubscriptionBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "target_url": "https://cohort.example.com/dashboard",
                     *       "event_types": [
                     *         "submission.status.change"
                     *       ],
                     *       "is_enabled": true,
                     *       "confirmed_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_reason": "Disabled reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "secret": "whsec_3q2+7w0n4hV2bZQk2k9yH8mC0xq5w7m3R6cQ8yJmQ0A="
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedWebhookSubscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getHookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whk_01jpb7k3q8m4x9v2c6n5t0r1wz */
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "target_url": "https://cohort.example.com/dashboard",
                     *       "event_types": [
                     *         "submission.status.change"
                     *       ],
                     *       "is_enabled": true,
                     *       "confirmed_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_reason": "Disabled reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    postHookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example whk_01jpb7k3q8m4x9v2c6n5t0r1wz */
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "target_url": "https://cohort.example.com/dashboard",
                     *       "event_types": [
                     *         "submission.status.change"
                     *       ],
                     *       "is_enabled": true,
                     *       "confirmed_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_at": "2025-03-14T09:26:53.000Z",
                     *       "disabled_reason": "Disabled reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteHookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whk_01jpb7k3q8m4x9v2c6n5t0r1wz */
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedSubscription"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    recoverHookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example whk_01jpb7k3q8m4x9v2c6n5t0r1wz */
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "Since"
                 *     }
                 */
                "application/json": components["schemas"]["RecoverBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subscription_id": "whk_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "since": "2025-03-14T09:26:53.000Z",
                     *       "requeued": 1
                     *     }
                     */
                    "application/json": components["schemas"]["RecoverResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    secretHookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example whk_01jpb7k3q8m4x9v2c6n5t0r1wz */
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "Secret"
                     *     }
                     */
                    "application/json": components["schemas"]["SecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listLabs: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "lab_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "name": "Name",
                     *           "address": "Address",
                     *           "time_zone": "Time zone",
                     *           "capacity": 1,
                     *           "calendar_link_enabled": true,
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["LabList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createLab: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name",
                 *       "address": "Address",
                 *       "time_zone": "Europe/Berlin",
                 *       "capacity": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateLabBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "lab_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "address": "Address",
                     *       "time_zone": "Time zone",
                     *       "capacity": 1,
                     *       "calendar_link_enabled": true,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Lab"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getLabCalendarBySecretLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example Token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An iCalendar file (RFC 5545) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getLab: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                labId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "lab_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "address": "Address",
                     *       "time_zone": "Time zone",
                     *       "capacity": 1,
                     *       "calendar_link_enabled": true,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Lab"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteLab: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                labId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedLab"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateLab: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                labId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["PatchLabBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "lab_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "address": "Address",
                     *       "time_zone": "Time zone",
                     *       "capacity": 1,
                     *       "calendar_link_enabled": true,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Lab"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rotateLabCalendarLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                labId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getLabCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                labId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An iCalendar file (RFC 5545) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listOpportunities: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "active" | "fulfilled" | "paused" | "stopped" | "completed";
                projectId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "title": "Title",
                     *           "status": "draft",
                     *           "num_participants": 1,
                     *           "pricing": {
                     *             "cost_per_participant_cents": 4500,
                     *             "total_cost_cents": 4500,
                     *             "currency": "usd"
                     *           },
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "dashboard_url": "https://cohort.example.com/dashboard"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OpportunityList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Title",
                 *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                 *       "num_participants": 1,
                 *       "tasks": [
                 *         {
                 *           "task_type": "Task type",
                 *           "title": "Title",
                 *           "duration_minutes": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateOpportunityBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpportunity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteOpportunity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true,
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedOpportunity"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateOpportunity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["PatchOpportunityBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listOpportunityApplicants: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Also list test submissions made through a preview (default false) */
                include_test?: boolean;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "screening_outcome": "passed",
                     *           "screening_answers": [
                     *             {
                     *               "key": "Key",
                     *               "question": "Question",
                     *               "answer": [
                     *                 "text"
                     *               ],
                     *               "outcome": "qualify",
                     *               "free_text": "Free text"
                     *             }
                     *           ],
                     *           "quality_flags": [
                     *             "shared_network"
                     *           ],
                     *           "test": true,
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       },
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["ApplicantList"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Missing or invalid API key (flat form, as the contract shows it here) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "Code",
                     *       "message": "Message",
                     *       "issues": [
                     *         {
                     *           "message": "Message"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        code: string;
                        message: string;
                        issues: {
                            message: string;
                        }[];
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listBonuses: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "bon_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "amount_cents": 4500,
                     *           "fee_cents": 4500,
                     *           "reason": "Reason",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["BonusList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    payBonuses: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bonuses": [
                 *         {
                 *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                 *           "amount_cents": 4500
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PayBonusesBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "bon_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "amount_cents": 4500,
                     *           "fee_cents": 4500,
                     *           "reason": "Reason",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "total_cents": 4500,
                     *       "fee_cents": 4500,
                     *       "currency": "usd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaidBonusesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listOpportunityHours: {
        parameters: {
            query: {
                /** @description Inclusive start: an ISO 8601 UTC timestamp (or with an offset; send + as %2B), or a bare date read as midnight UTC */
                from: string;
                /** @description Exclusive end, same form; at most 92 days after from */
                to: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "last_updated_at": "2025-03-14T09:26:53.000Z",
                     *       "total_seconds": 1,
                     *       "total_hours": 1,
                     *       "data": [
                     *         {
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "email": "alex.morgan@example.com",
                     *           "date": "2025-03-14",
                     *           "timezone": "Europe/Berlin",
                     *           "seconds": 1,
                     *           "hours": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HoursReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpportunityHoursCsv: {
        parameters: {
            query: {
                /** @description Inclusive start: an ISO 8601 UTC timestamp (or with an offset; send + as %2B), or a bare date read as midnight UTC */
                from: string;
                /** @description Exclusive end, same form; at most 92 days after from */
                to: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF line ends), a header line first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "invited_at": "2025-03-14T09:26:53.000Z",
                     *           "delivery": "each",
                     *           "mail_status": "queued",
                     *           "applied_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    inviteParticipants: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["InviteBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "invited": 1,
                     *       "eligible_not_invited": 1
                     *     }
                     */
                    "application/json": components["schemas"]["InviteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    launchOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    sendBulkMessage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Body"
                 *     }
                 */
                "application/json": components["schemas"]["BulkMessageBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batch_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "recipient_count": 1,
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": components["schemas"]["BulkMessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    pauseOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPayoutRuns: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "pay_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "pay_frequency": "hourly",
                     *           "rate_cents": 4500,
                     *           "until": "2025-03-14T09:26:53.000Z",
                     *           "total_cents": 4500,
                     *           "currency": "usd",
                     *           "line_count": 1,
                     *           "trigger": "api",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutRunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPayoutRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["CreatePayoutRunBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "pay_frequency": "hourly",
                     *       "rate_cents": 4500,
                     *       "until": "2025-03-14T09:26:53.000Z",
                     *       "total_cents": 4500,
                     *       "currency": "usd",
                     *       "line_count": 1,
                     *       "trigger": "api",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "lines": [
                     *         {
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "seconds": 1,
                     *           "tasks": 1,
                     *           "amount_cents": 4500
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutRunDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPayoutRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                payoutRunId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "pay_frequency": "hourly",
                     *       "rate_cents": 4500,
                     *       "until": "2025-03-14T09:26:53.000Z",
                     *       "total_cents": 4500,
                     *       "currency": "usd",
                     *       "line_count": 1,
                     *       "trigger": "api",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "lines": [
                     *         {
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "seconds": 1,
                     *           "tasks": 1,
                     *           "amount_cents": 4500
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutRunDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    previewOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "http://localhost:8080/participate/preview/3Xb2kQ...",
                     *       "token": "pt_9fJ2...",
                     *       "expires_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz"
                     *     }
                     */
                    "application/json": components["schemas"]["Preview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    resumeOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listSessions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "ses_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "lab_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "starts_at": "2025-03-14T09:26:53.000Z",
                     *           "ends_at": "2025-03-14T09:26:53.000Z",
                     *           "duration_minutes": 1,
                     *           "capacity": 1,
                     *           "reserve": 1,
                     *           "enrolled": 1,
                     *           "seats_left": 1,
                     *           "enrollment_closes_minutes_before": 1,
                     *           "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *           "reminder_hours_before": 1,
                     *           "status": "scheduled",
                     *           "cancelled_at": "2025-03-14T09:26:53.000Z",
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "starts_at": "2026-10-26T09:00:00Z",
                 *       "duration_minutes": 1,
                 *       "capacity": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateSessionBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ses_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "lab_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "starts_at": "2025-03-14T09:26:53.000Z",
                     *       "ends_at": "2025-03-14T09:26:53.000Z",
                     *       "duration_minutes": 1,
                     *       "capacity": 1,
                     *       "reserve": 1,
                     *       "enrolled": 1,
                     *       "seats_left": 1,
                     *       "enrollment_closes_minutes_before": 1,
                     *       "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *       "reminder_hours_before": 1,
                     *       "status": "scheduled",
                     *       "cancelled_at": "2025-03-14T09:26:53.000Z",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    stopOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["StopBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "internal_title": "Internal title",
                     *       "description": "Description",
                     *       "status": "draft",
                     *       "num_participants": 1,
                     *       "estimated_duration_minutes": 1,
                     *       "filters": [
                     *         {}
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "cell_actions": [
                     *               {
                     *                 "row": "Row",
                     *                 "column": "Column",
                     *                 "qualify_logic": "may"
                     *               }
                     *             ]
                     *           },
                     *           "min_qualifying": 1,
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "conditional_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "outcome": "reject"
                     *             }
                     *           ],
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "qualify_logic": "may",
                     *               "allow_free_text": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "quotas": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quotas": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension"
                     *         }
                     *       ],
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "review_type": "Review type",
                     *           "task_url": "https://cohort.example.com/dashboard",
                     *           "participant_url_template": "Participant url template",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "provider": "Provider",
                     *           "calendar_owner": "Calendar owner",
                     *           "event_type_url": "https://cohort.example.com/dashboard",
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "completion_code": "K7M3QXPA",
                     *           "completion_url": "https://cohort.example.com/participate/complete?code=K7M3QXPA"
                     *         }
                     *       ],
                     *       "pricing": {
                     *         "cost_per_participant_cents": 4500,
                     *         "total_cost_cents": 4500,
                     *         "currency": "usd"
                     *       },
                     *       "funding": {
                     *         "affordable": true,
                     *         "draws_on_credit": true,
                     *         "balance_cents": 4500,
                     *         "shortfall_cents": 4500,
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "business_type": "Business type",
                     *       "candidate_profile": "Candidate profile",
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "customer_screening_review": "Customer screening review",
                     *       "pay_frequency": "Pay frequency",
                     *       "hourly_rate_cents": 4500,
                     *       "task_price_cents": 4500,
                     *       "screening_option_randomization": "Screening option randomization",
                     *       "forwarding_email_enabled": "Forwarding email enabled",
                     *       "max_responses_per_expert": 1,
                     *       "max_minutes_per_submission": 1,
                     *       "auto_approve_after_days": 1,
                     *       "feasibility_request_id": "fea_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "language": "en",
                     *       "translations": {},
                     *       "outreach": {
                     *         "initial_invitations": 1,
                     *         "wave_size": 1,
                     *         "wave_every_minutes": 5
                     *       },
                     *       "show_up_fee_cents": 4500,
                     *       "project_id": "prj_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "links": {
                     *         "self": "Self",
                     *         "launch": "Launch",
                     *         "submissions": "Submissions",
                     *         "dashboard": {
                     *           "study": "Study",
                     *           "draft_editor": "Draft editor",
                     *           "submissions": "Submissions",
                     *           "recruitment": "Recruitment",
                     *           "task": "Task",
                     *           "settings": "Settings"
                     *         }
                     *       },
                     *       "submission_stats": {
                     *         "total": 1,
                     *         "in_progress": 1,
                     *         "awaiting_review": 1,
                     *         "approved": 1,
                     *         "rejected": 1
                     *       },
                     *       "places_taken": 1,
                     *       "quota_progress": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "targets": [
                     *             {
                     *               "value": "Value",
                     *               "count": 1,
                     *               "current": 1,
                     *               "type": "exact"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "cross_quota_progress": [
                     *         {
                     *           "label": "Label",
                     *           "conditions": [
                     *             {
                     *               "screening_question": "Screening question",
                     *               "answer": "Answer",
                     *               "operator": "eq"
                     *             }
                     *           ],
                     *           "join": "and",
                     *           "target": 1,
                     *           "quota_type": "exact",
                     *           "dimension": "Dimension",
                     *           "current": 1
                     *         }
                     *       ],
                     *       "screening_stats": [
                     *         {
                     *           "screening_question": "Screening question",
                     *           "graded": 1,
                     *           "rejected": 1,
                     *           "rejection_rate": 1,
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "selected": 1,
                     *               "share": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Opportunity"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listOpportunitySubmissions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "screen_passed" | "screened_out" | "in_progress" | "awaiting_review" | "approved" | "rejected" | "abandoned";
                /** @description Also list test submissions made through a preview (default false) */
                include_test?: boolean;
            };
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "status": "screen_passed",
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_name": "Participant name",
                     *           "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *           "participant_background": {
                     *             "experiences": [
                     *               {
                     *                 "company": "Company",
                     *                 "role": "Role",
                     *                 "started_at": "2025-03-14T09:26:53.000Z",
                     *                 "ended_at": "2025-03-14T09:26:53.000Z",
                     *                 "description": "Description"
                     *               }
                     *             ],
                     *             "educations": [
                     *               {
                     *                 "school": "School",
                     *                 "degree": "Degree",
                     *                 "major": "Major"
                     *               }
                     *             ]
                     *           },
                     *           "screening_outcome": "passed",
                     *           "screening_answers": [
                     *             {
                     *               "key": "Key",
                     *               "question": "Question",
                     *               "answer": [
                     *                 "text"
                     *               ],
                     *               "outcome": "qualify",
                     *               "free_text": "Free text"
                     *             }
                     *           ],
                     *           "abandoned_reason": "returned",
                     *           "deadline_at": "2025-03-14T09:26:53.000Z",
                     *           "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *           "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *           "return_request_reason": "Return request reason",
                     *           "quality_flags": [
                     *             "shared_network"
                     *           ],
                     *           "test": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       },
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["SubmissionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpportunitySubmissionsCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180, UTF-8, CRLF line ends), a header line first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "markdown": "Markdown",
                     *       "organization": {
                     *         "id": "org_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "name": "Name",
                     *         "slug": "example-3kq9"
                     *       },
                     *       "balance": {
                     *         "balance_cents": 4500,
                     *         "overdraft_limit_cents": 4500,
                     *         "currency": "usd",
                     *         "finance_url": "https://cohort.example.com/dashboard"
                     *       },
                     *       "links": {
                     *         "dashboard": "Dashboard",
                     *         "projects": "Projects",
                     *         "finance": "Finance"
                     *       }
                     *     }
                     */
                    "application/json": {
                        markdown: string;
                        organization: {
                            id: string;
                            name: string;
                            slug: string;
                        };
                        balance: {
                            balance_cents: number;
                            overdraft_limit_cents: number;
                            /** @constant */
                            currency: "usd";
                            finance_url: string;
                        };
                        links: {
                            dashboard: string;
                            projects: string;
                            finance: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantGroups: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "grp_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "name": "Name",
                     *           "member_count": 1,
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantGroupList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createParticipantGroup: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name"
                 *     }
                 */
                "application/json": components["schemas"]["CreateGroupBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "grp_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "member_count": 1,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getParticipantGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "grp_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "member_count": 1,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantGroup"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteParticipantGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedParticipantGroup"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    renameParticipantGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name"
                 *     }
                 */
                "application/json": components["schemas"]["RenameGroupBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "grp_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "name": "Name",
                     *       "member_count": 1,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantGroup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantGroupMembers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "added_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GroupMemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    addParticipantGroupMembers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["AddMembersBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "group_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "added": 1,
                     *       "member_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AddedMembers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    removeParticipantGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                groupId: string;
                /** @example par_01jpb7k3q8m4x9v2c6n5t0r1wz */
                participantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "group_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["RemovedMember"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantEarnings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "total_cents": 4500,
                     *       "currency": "usd",
                     *       "data": [
                     *         {
                     *           "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_title": "Opportunity title",
                     *           "amount_cents": 4500,
                     *           "kind": "incentive",
                     *           "paid_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Earnings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getParticipantMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "name": "Name",
                     *       "email": "alex.morgan@example.com",
                     *       "linkedin_url": "https://cohort.example.com/dashboard",
                     *       "timezone": "Europe/Berlin",
                     *       "language": "en",
                     *       "birth_date": "Birth date",
                     *       "country_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "state_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "city_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "attributes": {},
                     *       "linked_accounts": [
                     *         "text"
                     *       ],
                     *       "background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "notifications": {
                     *         "new_studies": "each"
                     *       },
                     *       "mail_undeliverable": true,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        email: string;
                        linkedin_url: string | null;
                        timezone: string;
                        /** @enum {string} */
                        language: "en" | "de" | "fr" | "es";
                        birth_date: string;
                        country_id: string;
                        state_id: string | null;
                        city_id: string | null;
                        attributes: {
                            [key: string]: string[];
                        };
                        linked_accounts: string[];
                        background: {
                            experiences: {
                                company: string;
                                role?: string | null;
                                started_at?: string | null;
                                ended_at?: string | null;
                                description?: string | null;
                            }[];
                            educations: {
                                school: string;
                                degree?: string | null;
                                major?: string | null;
                            }[];
                        };
                        notifications: {
                            /**
                             * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                             * @enum {string}
                             */
                            new_studies: "each" | "daily" | "never";
                        };
                        /** @description True when the mail server refused this address for good: no invitation goes to it until the participant changes their email */
                        mail_undeliverable: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteParticipantMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantErased"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateParticipantMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    name?: string;
                    email?: string;
                    /** @description IANA time zone of the tracker, such as Europe/Berlin */
                    timezone?: string;
                    /** @description YYYY-MM-DD */
                    birth_date?: string;
                    linkedin_url?: string | null;
                    /** @description ISO 3166-1 alpha-2 option id */
                    country_id?: string;
                    state_id?: string | null;
                    city_id?: string | null;
                    /** @description Option ids per multi_select filter slug, from GET /v2/filters */
                    attributes?: {
                        [key: string]: string[];
                    };
                    /** @description Accounts the participant has linked, such as linkedin */
                    linked_accounts?: string[];
                    background?: {
                        experiences?: {
                            company: string;
                            role?: string | null;
                            started_at?: string | null;
                            ended_at?: string | null;
                            description?: string | null;
                        }[];
                        educations?: {
                            school: string;
                            degree?: string | null;
                            major?: string | null;
                        }[];
                    };
                    /**
                     * @description The language pages and mails speak to you in (en, de, fr, es); at sign-up it defaults to the best match of Accept-Language, else en
                     * @enum {string}
                     */
                    language?: "en" | "de" | "fr" | "es";
                    notifications?: {
                        /**
                         * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                         * @enum {string}
                         */
                        new_studies?: "each" | "daily" | "never";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "name": "Name",
                     *       "email": "alex.morgan@example.com",
                     *       "linkedin_url": "https://cohort.example.com/dashboard",
                     *       "timezone": "Europe/Berlin",
                     *       "language": "en",
                     *       "birth_date": "Birth date",
                     *       "country_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "state_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "city_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "attributes": {},
                     *       "linked_accounts": [
                     *         "text"
                     *       ],
                     *       "background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "notifications": {
                     *         "new_studies": "each"
                     *       },
                     *       "mail_undeliverable": true,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        email: string;
                        linkedin_url: string | null;
                        timezone: string;
                        /** @enum {string} */
                        language: "en" | "de" | "fr" | "es";
                        birth_date: string;
                        country_id: string;
                        state_id: string | null;
                        city_id: string | null;
                        attributes: {
                            [key: string]: string[];
                        };
                        linked_accounts: string[];
                        background: {
                            experiences: {
                                company: string;
                                role?: string | null;
                                started_at?: string | null;
                                ended_at?: string | null;
                                description?: string | null;
                            }[];
                            educations: {
                                school: string;
                                degree?: string | null;
                                major?: string | null;
                            }[];
                        };
                        notifications: {
                            /**
                             * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                             * @enum {string}
                             */
                            new_studies: "each" | "daily" | "never";
                        };
                        /** @description True when the mail server refused this address for good: no invitation goes to it until the participant changes their email */
                        mail_undeliverable: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getParticipantMeExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "exported_at": "2025-03-14T09:26:53.000Z",
                     *       "participant": {
                     *         "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "name": "Name",
                     *         "email": "alex.morgan@example.com",
                     *         "linkedin_url": "https://cohort.example.com/dashboard",
                     *         "timezone": "Europe/Berlin",
                     *         "language": "en",
                     *         "birth_date": "Birth date",
                     *         "country_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "state_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "city_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "attributes": {},
                     *         "linked_accounts": [
                     *           "text"
                     *         ],
                     *         "background": {
                     *           "experiences": [
                     *             {
                     *               "company": "Company",
                     *               "role": "Role",
                     *               "started_at": "2025-03-14T09:26:53.000Z",
                     *               "ended_at": "2025-03-14T09:26:53.000Z",
                     *               "description": "Description"
                     *             }
                     *           ],
                     *           "educations": [
                     *             {
                     *               "school": "School",
                     *               "degree": "Degree",
                     *               "major": "Major"
                     *             }
                     *           ]
                     *         },
                     *         "notifications": {
                     *           "new_studies": "each"
                     *         },
                     *         "mail_undeliverable": true,
                     *         "created_at": "2025-03-14T09:26:53.000Z",
                     *         "updated_at": "2025-03-14T09:26:53.000Z"
                     *       },
                     *       "account": {
                     *         "status": "Status",
                     *         "email_verified_at": "2025-03-14T09:26:53.000Z",
                     *         "new_studies": "New studies",
                     *         "mail_undeliverable_at": "2025-03-14T09:26:53.000Z",
                     *         "password_set": true,
                     *         "test": true,
                     *         "sessions": [
                     *           {
                     *             "created_at": "2025-03-14T09:26:53.000Z",
                     *             "expires_at": "2025-03-14T09:26:53.000Z"
                     *           }
                     *         ],
                     *         "group_count": 1
                     *       },
                     *       "submissions": [
                     *         {
                     *           "id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_title": "Opportunity title",
                     *           "status": "Status",
                     *           "screening_outcome": "Screening outcome",
                     *           "screening_answers": [
                     *             {
                     *               "key": "Key",
                     *               "question": "Question",
                     *               "answer": [
                     *                 "text"
                     *               ],
                     *               "outcome": "qualify",
                     *               "free_text": "Free text"
                     *             }
                     *           ],
                     *           "started_at": "2025-03-14T09:26:53.000Z",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z",
                     *           "decided_at": "2025-03-14T09:26:53.000Z",
                     *           "rejection_category": "Rejection category",
                     *           "rejection_reason": "Rejection reason",
                     *           "abandoned_reason": "Abandoned reason",
                     *           "return_request_reason": "Return request reason",
                     *           "paid_cents": 4500,
                     *           "quality_flags": [
                     *             "text"
                     *           ],
                     *           "network_fingerprint_held": true,
                     *           "tasks": [
                     *             {
                     *               "sequence": 1,
                     *               "status": "Status",
                     *               "notes": "Notes",
                     *               "files": [
                     *                 {
                     *                   "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *                   "name": "Name",
                     *                   "mime_type": "Mime type",
                     *                   "size_bytes": 1
                     *                 }
                     *               ],
                     *               "submitted_at": "2025-03-14T09:26:53.000Z",
                     *               "reviewed_at": "2025-03-14T09:26:53.000Z"
                     *             }
                     *           ],
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "time_entries": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "started_at": "2025-03-14T09:26:53.000Z",
                     *           "ended_at": "2025-03-14T09:26:53.000Z",
                     *           "seconds": 1,
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "messages": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "sender": "Sender",
                     *           "body": "Body",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "payments": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "kind": "Kind",
                     *           "amount_cents": 4500,
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "uploads": [
                     *         {
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "sequence": 1,
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "name": "Name",
                     *           "mime_type": "Mime type",
                     *           "size_bytes": 1
                     *         }
                     *       ],
                     *       "mail": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "kind": "Kind",
                     *           "subject": "Subject",
                     *           "status": "Status",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "invitations": [
                     *         {
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "invited_at": "2025-03-14T09:26:53.000Z",
                     *           "delivery": "Delivery"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantExport"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantOpportunities: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "status": "Status",
                     *           "estimated_duration_minutes": 1,
                     *           "incentive_cents": 4500,
                     *           "currency": "usd",
                     *           "places_remaining": 1,
                     *           "device_types": [
                     *             "text"
                     *           ],
                     *           "required_accounts": [
                     *             "text"
                     *           ],
                     *           "video_required": "Video required",
                     *           "screen_share_required": "Screen share required",
                     *           "ending_at": "2025-03-14T09:26:53.000Z",
                     *           "launched_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantOpportunityList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getParticipantOpportunity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "title": "Title",
                     *       "description": "Description",
                     *       "status": "Status",
                     *       "estimated_duration_minutes": 1,
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "places_remaining": 1,
                     *       "device_types": [
                     *         "text"
                     *       ],
                     *       "required_accounts": [
                     *         "text"
                     *       ],
                     *       "video_required": "Video required",
                     *       "screen_share_required": "Screen share required",
                     *       "ending_at": "2025-03-14T09:26:53.000Z",
                     *       "launched_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1
                     *         }
                     *       ],
                     *       "screening_questions": [
                     *         {
                     *           "key": "Key",
                     *           "text": "Text",
                     *           "question_rich_text": "Question rich text",
                     *           "pick": "one",
                     *           "answers": [
                     *             {
                     *               "text": "Text",
                     *               "allow_free_text": true
                     *             }
                     *           ],
                     *           "grid": {
                     *             "pick": "one",
                     *             "rows": [
                     *               {
                     *                 "key": "Key",
                     *                 "text": "Text"
                     *               }
                     *             ],
                     *             "columns": [
                     *               {
                     *                 "value": "Value",
                     *                 "text": "Text"
                     *               }
                     *             ]
                     *           },
                     *           "display_condition": {
                     *             "conditions": [
                     *               {
                     *                 "screening_question": "Screening question",
                     *                 "answer": "Answer",
                     *                 "operator": "eq"
                     *               }
                     *             ],
                     *             "join": "and"
                     *           },
                     *           "skip_rules": [
                     *             {
                     *               "conditions": [
                     *                 {
                     *                   "screening_question": "Screening question",
                     *                   "answer": "Answer",
                     *                   "operator": "eq"
                     *                 }
                     *               ],
                     *               "join": "and",
                     *               "target_question": "Target question"
                     *             }
                     *           ],
                     *           "allow_paste": true
                     *         }
                     *       ],
                     *       "application": {
                     *         "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "status": "Status"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantOpportunityDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createParticipantOpportunityApplication: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "answers": [
                 *         {
                 *           "key": "Key",
                 *           "answer": [
                 *             "text"
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ApplicationBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "screen_passed",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "applicant_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz"
                     *     }
                     */
                    "application/json": components["schemas"]["ApplicationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example opp_01jpb7k3q8m4x9v2c6n5t0r1wz */
                opportunityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "starts_at": "2025-03-14T09:26:53.000Z",
                     *           "ends_at": "2025-03-14T09:26:53.000Z",
                     *           "duration_minutes": 1,
                     *           "seats_left": 1,
                     *           "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *           "online": true,
                     *           "lab": {
                     *             "name": "Name",
                     *             "address": "Address",
                     *             "time_zone": "Time zone"
                     *           },
                     *           "starts_at_lab_time": "Starts at lab time",
                     *           "starts_at_your_time": "Starts at your time",
                     *           "your_time_zone": "Your time zone"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSessionList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    signupParticipant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name",
                 *       "email": "alex.morgan@example.com",
                 *       "timezone": "Europe/Berlin",
                 *       "birth_date": "Birth date",
                 *       "country_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz"
                 *     }
                 */
                "application/json": {
                    name: string;
                    email: string;
                    /** @description IANA time zone of the tracker, such as Europe/Berlin */
                    timezone: string;
                    /** @description YYYY-MM-DD */
                    birth_date: string;
                    linkedin_url?: string | null;
                    /** @description ISO 3166-1 alpha-2 option id */
                    country_id: string;
                    state_id?: string | null;
                    city_id?: string | null;
                    /** @description Option ids per multi_select filter slug, from GET /v2/filters */
                    attributes?: {
                        [key: string]: string[];
                    };
                    /** @description Accounts the participant has linked, such as linkedin */
                    linked_accounts?: string[];
                    background?: {
                        experiences?: {
                            company: string;
                            role?: string | null;
                            started_at?: string | null;
                            ended_at?: string | null;
                            description?: string | null;
                        }[];
                        educations?: {
                            school: string;
                            degree?: string | null;
                            major?: string | null;
                        }[];
                    };
                    /**
                     * @description The language pages and mails speak to you in (en, de, fr, es); at sign-up it defaults to the best match of Accept-Language, else en
                     * @enum {string}
                     */
                    language?: "en" | "de" | "fr" | "es";
                    notifications?: {
                        /**
                         * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                         * @enum {string}
                         */
                        new_studies?: "each" | "daily" | "never";
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "participant": {
                     *         "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "name": "Name",
                     *         "email": "alex.morgan@example.com",
                     *         "linkedin_url": "https://cohort.example.com/dashboard",
                     *         "timezone": "Europe/Berlin",
                     *         "language": "en",
                     *         "birth_date": "Birth date",
                     *         "country_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "state_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "city_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "attributes": {},
                     *         "linked_accounts": [
                     *           "text"
                     *         ],
                     *         "background": {
                     *           "experiences": [
                     *             {
                     *               "company": "Company",
                     *               "role": "Role",
                     *               "started_at": "2025-03-14T09:26:53.000Z",
                     *               "ended_at": "2025-03-14T09:26:53.000Z",
                     *               "description": "Description"
                     *             }
                     *           ],
                     *           "educations": [
                     *             {
                     *               "school": "School",
                     *               "degree": "Degree",
                     *               "major": "Major"
                     *             }
                     *           ]
                     *         },
                     *         "notifications": {
                     *           "new_studies": "each"
                     *         },
                     *         "mail_undeliverable": true,
                     *         "created_at": "2025-03-14T09:26:53.000Z",
                     *         "updated_at": "2025-03-14T09:26:53.000Z"
                     *       },
                     *       "token": "Token"
                     *     }
                     */
                    "application/json": {
                        participant: {
                            id: string;
                            name: string;
                            email: string;
                            linkedin_url: string | null;
                            timezone: string;
                            /** @enum {string} */
                            language: "en" | "de" | "fr" | "es";
                            birth_date: string;
                            country_id: string;
                            state_id: string | null;
                            city_id: string | null;
                            attributes: {
                                [key: string]: string[];
                            };
                            linked_accounts: string[];
                            background: {
                                experiences: {
                                    company: string;
                                    role?: string | null;
                                    started_at?: string | null;
                                    ended_at?: string | null;
                                    description?: string | null;
                                }[];
                                educations: {
                                    school: string;
                                    degree?: string | null;
                                    major?: string | null;
                                }[];
                            };
                            notifications: {
                                /**
                                 * @description How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never
                                 * @enum {string}
                                 */
                                new_studies: "each" | "daily" | "never";
                            };
                            /** @description True when the mail server refused this address for good: no invitation goes to it until the participant changes their email */
                            mail_undeliverable: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                        /** @description The participant bearer token (pt_...), shown once */
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantSubmissions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_title": "Opportunity title",
                     *           "status": "Status",
                     *           "incentive_cents": 4500,
                     *           "currency": "usd",
                     *           "paid_cents": 4500,
                     *           "rejection_category": "Rejection category",
                     *           "rejection_reason": "Rejection reason",
                     *           "abandoned_reason": "Abandoned reason",
                     *           "deadline_at": "2025-03-14T09:26:53.000Z",
                     *           "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *           "return_request_reason": "Return request reason",
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "updated_at": "2025-03-14T09:26:53.000Z",
                     *           "started_at": "2025-03-14T09:26:53.000Z",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z",
                     *           "tasks": [
                     *             {
                     *               "sequence": 1,
                     *               "task_type": "Task type",
                     *               "title": "Title",
                     *               "description": "Description",
                     *               "duration_minutes": 1,
                     *               "available_after_sequence": 1,
                     *               "available_after_delay_minutes": 1,
                     *               "instructions": "Instructions",
                     *               "accepted_mime_types": [
                     *                 "text"
                     *               ],
                     *               "min_files": 1,
                     *               "max_files": 1,
                     *               "max_file_size_bytes": 1,
                     *               "status": "locked",
                     *               "available_at": "2025-03-14T09:26:53.000Z",
                     *               "participant_url": "https://cohort.example.com/dashboard",
                     *               "submitted_at": "2025-03-14T09:26:53.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmissionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getParticipantSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_title": "Opportunity title",
                     *       "status": "Status",
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "paid_cents": 4500,
                     *       "rejection_category": "Rejection category",
                     *       "rejection_reason": "Rejection reason",
                     *       "abandoned_reason": "Abandoned reason",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "submitted_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "status": "locked",
                     *           "available_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_url": "https://cohort.example.com/dashboard",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmission"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    abandonParticipantSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_title": "Opportunity title",
                     *       "status": "Status",
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "paid_cents": 4500,
                     *       "rejection_category": "Rejection category",
                     *       "rejection_reason": "Rejection reason",
                     *       "abandoned_reason": "Abandoned reason",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "submitted_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "status": "locked",
                     *           "available_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_url": "https://cohort.example.com/dashboard",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "enrolled",
                     *       "reserve": true,
                     *       "attendance": "participated",
                     *       "cancellable_until": "2025-03-14T09:26:53.000Z",
                     *       "calendar_url": "https://cohort.example.com/dashboard",
                     *       "session": {
                     *         "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "starts_at": "2025-03-14T09:26:53.000Z",
                     *         "ends_at": "2025-03-14T09:26:53.000Z",
                     *         "duration_minutes": 1,
                     *         "seats_left": 1,
                     *         "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *         "online": true,
                     *         "lab": {
                     *           "name": "Name",
                     *           "address": "Address",
                     *           "time_zone": "Time zone"
                     *         },
                     *         "starts_at_lab_time": "Starts at lab time",
                     *         "starts_at_your_time": "Starts at your time",
                     *         "your_time_zone": "Your time zone"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Enrollment"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    enroll: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "session_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz"
                 *     }
                 */
                "application/json": components["schemas"]["EnrollBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "enrolled",
                     *       "reserve": true,
                     *       "attendance": "participated",
                     *       "cancellable_until": "2025-03-14T09:26:53.000Z",
                     *       "calendar_url": "https://cohort.example.com/dashboard",
                     *       "session": {
                     *         "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *         "starts_at": "2025-03-14T09:26:53.000Z",
                     *         "ends_at": "2025-03-14T09:26:53.000Z",
                     *         "duration_minutes": 1,
                     *         "seats_left": 1,
                     *         "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *         "online": true,
                     *         "lab": {
                     *           "name": "Name",
                     *           "address": "Address",
                     *           "time_zone": "Time zone"
                     *         },
                     *         "starts_at_lab_time": "Starts at lab time",
                     *         "starts_at_your_time": "Starts at your time",
                     *         "your_time_zone": "Your time zone"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Enrollment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    cancelEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "session_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "cancelled"
                     *     }
                     */
                    "application/json": components["schemas"]["CancelledEnrollment"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getEnrollmentCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An iCalendar file (RFC 5545) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantMessages: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "sender": "organization",
                     *           "body": "Body",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantMessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    sendParticipantMessage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Body"
                 *     }
                 */
                "application/json": components["schemas"]["SendMessageBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "sender": "organization",
                     *       "body": "Body",
                     *       "created_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    returnParticipantSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_title": "Opportunity title",
                     *       "status": "Status",
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "paid_cents": 4500,
                     *       "rejection_category": "Rejection category",
                     *       "rejection_reason": "Rejection reason",
                     *       "abandoned_reason": "Abandoned reason",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "submitted_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "status": "locked",
                     *           "available_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_url": "https://cohort.example.com/dashboard",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    startParticipantSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_title": "Opportunity title",
                     *       "status": "Status",
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "paid_cents": 4500,
                     *       "rejection_category": "Rejection category",
                     *       "rejection_reason": "Rejection reason",
                     *       "abandoned_reason": "Abandoned reason",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "submitted_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "status": "locked",
                     *           "available_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_url": "https://cohort.example.com/dashboard",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    submitParticipantSubmissionTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
                /** @example 1 */
                sequence: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_title": "Opportunity title",
                     *       "status": "Status",
                     *       "incentive_cents": 4500,
                     *       "currency": "usd",
                     *       "paid_cents": 4500,
                     *       "rejection_category": "Rejection category",
                     *       "rejection_reason": "Rejection reason",
                     *       "abandoned_reason": "Abandoned reason",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "submitted_at": "2025-03-14T09:26:53.000Z",
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "title": "Title",
                     *           "description": "Description",
                     *           "duration_minutes": 1,
                     *           "available_after_sequence": 1,
                     *           "available_after_delay_minutes": 1,
                     *           "instructions": "Instructions",
                     *           "accepted_mime_types": [
                     *             "text"
                     *           ],
                     *           "min_files": 1,
                     *           "max_files": 1,
                     *           "max_file_size_bytes": 1,
                     *           "status": "locked",
                     *           "available_at": "2025-03-14T09:26:53.000Z",
                     *           "participant_url": "https://cohort.example.com/dashboard",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParticipantSubmission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParticipantTimeEntries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                submission_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "tim_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "started_at": "2025-03-14T09:26:53.000Z",
                     *           "ended_at": "2025-03-14T09:26:53.000Z",
                     *           "seconds": 1,
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TimeEntryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createParticipantTimeEntry: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                 *       "started_at": "2025-03-14T09:26:53.000Z",
                 *       "ended_at": "2025-03-14T09:26:53.000Z"
                 *     }
                 */
                "application/json": components["schemas"]["RecordTimeEntryBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tim_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "started_at": "2025-03-14T09:26:53.000Z",
                     *       "ended_at": "2025-03-14T09:26:53.000Z",
                     *       "seconds": 1,
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "timezone": "Europe/Berlin",
                     *       "days": [
                     *         {
                     *           "date": "2025-03-14",
                     *           "seconds": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RecordedTimeEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listProjects: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "prj_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *           "name": "Name",
                     *           "slug": "example-3kq9",
                     *           "created_at": "2025-03-14T09:26:53.000Z",
                     *           "dashboard_url": "https://cohort.example.com/dashboard"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name"
                 *     }
                 */
                "application/json": components["schemas"]["CreateProjectBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prj_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "name": "Name",
                     *       "slug": "example-3kq9",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example prj_01jpb7k3q8m4x9v2c6n5t0r1wz */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prj_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "name": "Name",
                     *       "slug": "example-3kq9",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "dashboard_url": "https://cohort.example.com/dashboard",
                     *       "opportunity_count": 1,
                     *       "description": "Description"
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example prj_01jpb7k3q8m4x9v2c6n5t0r1wz */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Name"
                 *     }
                 */
                "application/json": components["schemas"]["RenameProjectBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "prj_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "name": "Name",
                     *       "slug": "example-3kq9",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ses_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "lab_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "starts_at": "2025-03-14T09:26:53.000Z",
                     *       "ends_at": "2025-03-14T09:26:53.000Z",
                     *       "duration_minutes": 1,
                     *       "capacity": 1,
                     *       "reserve": 1,
                     *       "enrolled": 1,
                     *       "seats_left": 1,
                     *       "enrollment_closes_minutes_before": 1,
                     *       "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *       "reminder_hours_before": 1,
                     *       "status": "scheduled",
                     *       "cancelled_at": "2025-03-14T09:26:53.000Z",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    cancelSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "cancelled",
                     *       "cancelled_enrollments": 1
                     *     }
                     */
                    "application/json": components["schemas"]["CancelledSession"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["PatchSessionBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ses_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "lab_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "starts_at": "2025-03-14T09:26:53.000Z",
                     *       "ends_at": "2025-03-14T09:26:53.000Z",
                     *       "duration_minutes": 1,
                     *       "capacity": 1,
                     *       "reserve": 1,
                     *       "enrolled": 1,
                     *       "seats_left": 1,
                     *       "enrollment_closes_minutes_before": 1,
                     *       "enrollment_closes_at": "2025-03-14T09:26:53.000Z",
                     *       "reminder_hours_before": 1,
                     *       "status": "scheduled",
                     *       "cancelled_at": "2025-03-14T09:26:53.000Z",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    recordAttendance: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "entries": [
                 *         {
                 *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                 *           "status": "participated"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AttendanceBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "entries": [
                     *         {
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "status": "participated",
                     *           "submission_status": "Submission status",
                     *           "show_up_fee_cents": 4500
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AttendanceResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "screen_passed",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_name": "Participant name",
                     *       "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *       "participant_background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "screening_outcome": "passed",
                     *       "screening_answers": [
                     *         {
                     *           "key": "Key",
                     *           "question": "Question",
                     *           "answer": [
                     *             "text"
                     *           ],
                     *           "outcome": "qualify",
                     *           "free_text": "Free text"
                     *         }
                     *       ],
                     *       "abandoned_reason": "returned",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "quality_flags": [
                     *         "shared_network"
                     *       ],
                     *       "test": true,
                     *       "tasks": [
                     *         {
                     *           "sequence": 1,
                     *           "task_type": "Task type",
                     *           "status": "locked",
                     *           "submitted_at": "2025-03-14T09:26:53.000Z",
                     *           "notes": "Notes",
                     *           "files": [
                     *             {
                     *               "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *               "name": "Name",
                     *               "mime_type": "Mime type",
                     *               "size_bytes": 1,
                     *               "download_url": "https://cohort.example.com/dashboard"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "bonuses": [
                     *         {
                     *           "id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "amount_cents": 4500,
                     *           "reason": "Reason",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SubmissionDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    approveSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "approved",
                     *       "dashboard_url": "https://cohort.example.com/dashboard"
                     *     }
                     */
                    "application/json": components["schemas"]["ApproveResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    declineSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "screen_passed",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_name": "Participant name",
                     *       "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *       "participant_background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "screening_outcome": "passed",
                     *       "screening_answers": [
                     *         {
                     *           "key": "Key",
                     *           "question": "Question",
                     *           "answer": [
                     *             "text"
                     *           ],
                     *           "outcome": "qualify",
                     *           "free_text": "Free text"
                     *         }
                     *       ],
                     *       "abandoned_reason": "returned",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "quality_flags": [
                     *         "shared_network"
                     *       ],
                     *       "test": true
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getSubmissionFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
                /** @example id_01jpb7k3q8m4x9v2c6n5t0r1wz */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file as handed in, with its own content type */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    inviteSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "screen_passed",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_name": "Participant name",
                     *       "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *       "participant_background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "screening_outcome": "passed",
                     *       "screening_answers": [
                     *         {
                     *           "key": "Key",
                     *           "question": "Question",
                     *           "answer": [
                     *             "text"
                     *           ],
                     *           "outcome": "qualify",
                     *           "free_text": "Free text"
                     *         }
                     *       ],
                     *       "abandoned_reason": "returned",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "quality_flags": [
                     *         "shared_network"
                     *       ],
                     *       "test": true
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "msg_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *           "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "sender": "organization",
                     *           "body": "Body",
                     *           "batch_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *           "created_at": "2025-03-14T09:26:53.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "WyJFeGFtcGxlIiwicHJqXzAxIl0",
                     *         "has_more": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Body"
                 *     }
                 */
                "application/json": components["schemas"]["SendMessageBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "msg_01jh3k4m5n6p7q8r9s0t1v2w3x",
                     *       "submission_id": "sub_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "sender": "organization",
                     *       "body": "Body",
                     *       "batch_id": "id_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "created_at": "2025-03-14T09:26:53.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rejectSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["RejectBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "screen_passed",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_name": "Participant name",
                     *       "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *       "participant_background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "screening_outcome": "passed",
                     *       "screening_answers": [
                     *         {
                     *           "key": "Key",
                     *           "question": "Question",
                     *           "answer": [
                     *             "text"
                     *           ],
                     *           "outcome": "qualify",
                     *           "free_text": "Free text"
                     *         }
                     *       ],
                     *       "abandoned_reason": "returned",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "quality_flags": [
                     *         "shared_network"
                     *       ],
                     *       "test": true
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
    requestReturnSubmission: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours returns the first answer instead of acting again; the same key with another body is a 422.
                 * @example 6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example sub_01jpb7k3q8m4x9v2c6n5t0r1wz */
                submissionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Reason"
                 *     }
                 */
                "application/json": components["schemas"]["RequestReturnBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sub_01jd8x3c2v4k5m6n7p8q9r0s1t",
                     *       "opportunity_id": "opp_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "participant_id": "par_01jpb7k3q8m4x9v2c6n5t0r1wz",
                     *       "status": "screen_passed",
                     *       "created_at": "2025-03-14T09:26:53.000Z",
                     *       "updated_at": "2025-03-14T09:26:53.000Z",
                     *       "participant_name": "Participant name",
                     *       "participant_linkedin_url": "https://cohort.example.com/dashboard",
                     *       "participant_background": {
                     *         "experiences": [
                     *           {
                     *             "company": "Company",
                     *             "role": "Role",
                     *             "started_at": "2025-03-14T09:26:53.000Z",
                     *             "ended_at": "2025-03-14T09:26:53.000Z",
                     *             "description": "Description"
                     *           }
                     *         ],
                     *         "educations": [
                     *           {
                     *             "school": "School",
                     *             "degree": "Degree",
                     *             "major": "Major"
                     *           }
                     *         ]
                     *       },
                     *       "screening_outcome": "passed",
                     *       "screening_answers": [
                     *         {
                     *           "key": "Key",
                     *           "question": "Question",
                     *           "answer": [
                     *             "text"
                     *           ],
                     *           "outcome": "qualify",
                     *           "free_text": "Free text"
                     *         }
                     *       ],
                     *       "abandoned_reason": "returned",
                     *       "deadline_at": "2025-03-14T09:26:53.000Z",
                     *       "auto_approve_at": "2025-03-14T09:26:53.000Z",
                     *       "return_requested_at": "2025-03-14T09:26:53.000Z",
                     *       "return_request_reason": "Return request reason",
                     *       "quality_flags": [
                     *         "shared_network"
                     *       ],
                     *       "test": true
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalServerError"];
        };
    };
}
