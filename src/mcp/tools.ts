/**
 * The customer workflow as MCP tools. Each tool is one operation of the API, named by its
 * operationId, so its arguments are the operation's path and query parameters and body fields as
 * openapi.json describes them; a few add a wait or a summary of what matters in the answer.
 */

/** Said on every tool whose answer carries links, and in the server's instructions. */
export const LINKS_NOTE =
  'Links: `dashboard_url` and `links.dashboard.*` values are web pages for a person to open in a browser (show them to the user), not API paths; no tool takes them.';

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The operation the tool calls; its parameters and body become the tool's arguments. */
  operationId: string;
  /** Descriptions for arguments the document leaves undescribed (path ids, mostly). */
  argumentDescriptions?: Record<string, string>;
  /** Arguments the contract requires that the document leaves optional (the API 400s without). */
  required?: string[];
  /** Extra arguments the tool handles itself (not sent to the API). */
  extraArguments?: Record<string, Record<string, unknown>>;
  readOnly?: boolean;
  /** Charges money, refuses people or cannot be undone. */
  destructive?: boolean;
  /** Whether the answer carries links for people. */
  links?: boolean;
}

const PAGE = {
  limit: 'Page size, 1 to 100 (default 25).',
  cursor: 'The previous answer’s pagination.next_cursor; omit for the first page.',
};

export const TOOLS: ToolDefinition[] = [
  {
    name: 'get_organization_briefing',
    title: 'Organization briefing',
    description:
      'The organization briefing as markdown: identity, balance and where to add credit, dashboard links, projects, opportunity counts, the operating guide and description policies. Read it first. Also available as the resource cohort://organization/briefing.',
    operationId: 'getOrganization',
    readOnly: true,
    links: true,
  },
  {
    name: 'list_projects',
    title: 'List projects',
    description:
      'List the organization’s projects (folders for opportunities), alphabetical by name, one page at a time.',
    operationId: 'listProjects',
    argumentDescriptions: PAGE,
    readOnly: true,
    links: true,
  },
  {
    name: 'create_project',
    title: 'Create a project',
    description:
      'Create a project. Every call creates a new one, even for a name already used: list_projects first to reuse one.',
    operationId: 'createProject',
    links: true,
  },
  {
    name: 'get_project',
    title: 'Read a project',
    description: 'Read one project with its opportunity_count.',
    operationId: 'getProject',
    argumentDescriptions: { projectId: 'A project id (prj_...).' },
    readOnly: true,
    links: true,
  },
  {
    name: 'list_filters',
    title: 'List audience filters',
    description:
      'The audience filter catalog: each filter’s slug, name, type, category, operators, min/max, and options_url when it takes option ids. An opportunity’s `filters` is an array of objects like {"multi_select--country": {"$in": ["US"]}} or {"integer--age": {"$gte": 25, "$lte": 54}}; use search_filter_options to find option ids (never names).',
    operationId: 'listFilters',
    readOnly: true,
  },
  {
    name: 'search_filter_options',
    title: 'Search a filter’s options',
    description:
      'Search the options of one filter (countries, states, cities, seniority, ...) by name or id, ignoring case and accents. States need country_id; cities need country_id and may be narrowed by state_id. Put the returned `id` values in an opportunity’s filters.',
    operationId: 'listFilterOptions',
    argumentDescriptions: { filter_slug: 'A slug from list_filters, e.g. multi_select--country.' },
    readOnly: true,
  },
  {
    name: 'count_audience',
    title: 'Count an audience',
    description:
      'Counts the panel now: how many active participants match `filters` (an opportunity’s filters, same format and the same validation, every problem in one error). Use it to size an audience before creating a draft, and to see what each filter costs in reach. It never identifies a person: below 25 matches the answer is {"count": null, "fewer_than": 25} instead of a number. Changes nothing and charges nothing.',
    operationId: 'countAudience',
    readOnly: true,
  },
  {
    name: 'create_feasibility_request',
    title: 'Ask for a feasibility price',
    description:
      'Ask whether a panel can be sourced and at what cost per participant (CPI). Answered asynchronously: status RECEIVED now; then call get_feasibility_request with wait_seconds until it is RESPONDED, and pass its id as feasibility_request_id to create_draft_opportunity to be charged exactly that CPI.',
    operationId: 'createFeasibilityRequest',
    links: true,
  },
  {
    name: 'get_feasibility_request',
    title: 'Read (and wait for) a feasibility request',
    description:
      'Read a feasibility request. With wait_seconds, polls until it leaves RECEIVED (RESPONDED with costPerParticipant set, or WON, LOST, NOT_PURSUED, which are final) or the time runs out, and returns the last read either way. Briefs within the automatic bounds are priced within seconds; others wait for a person.',
    operationId: 'getFeasibilityRequest',
    argumentDescriptions: { requestId: 'A feasibility request id (fea_...).' },
    extraArguments: {
      wait_seconds: {
        type: 'integer',
        minimum: 0,
        maximum: 50,
        description: 'Poll for up to this many seconds while the request is RECEIVED (default 0).',
      },
    },
    readOnly: true,
    links: true,
  },
  {
    name: 'list_opportunities',
    title: 'List opportunities',
    description:
      'List opportunities (studies), newest first, in summary form; filter by status or projectId. A summary’s pricing is null on a draft: read it with get_opportunity.',
    operationId: 'listOpportunities',
    argumentDescriptions: PAGE,
    readOnly: true,
    links: true,
  },
  {
    name: 'get_opportunity',
    title: 'Read an opportunity',
    description:
      'Read an opportunity in full. A draft carries pricing and funding (whether the balance covers it); a launched one carries submission_stats, quota_progress, cross_quota_progress and screening_stats (use these for totals rather than counting pages).',
    operationId: 'getOpportunity',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
    readOnly: true,
    links: true,
  },
  {
    name: 'create_draft_opportunity',
    title: 'Create and price a draft',
    description:
      'Create an opportunity (a study) as a priced draft: nothing is charged and recruiting does not start until launch_opportunity. Required: title, project_id, num_participants and tasks (interview, file_upload or activity). The participant incentive is never sent: it is estimated from the study (or taken from a RESPONDED feasibility request given as feasibility_request_id). The answer starts with the price (pricing: cost_per_participant_cents, total_cost_cents) and funding (affordable, shortfall_cents, finance_url); every problem with the input comes back at once in one error. Time limits: max_minutes_per_submission (1 to 10,080; default three times the tasks’ total duration_minutes, at least 10) is how long a participant may hold a place before it times out and goes back to recruitment; auto_approve_after_days (default 21, null never) approves and pays work left awaiting review that long. Languages: language is what the study is written in (en, de, fr or es; default en); translations, by language, give participants who read another one the title, description, every screening question (by key, with one text per answer in its order) and every task (by sequence) in theirs. Answers are graded by position, so an applicant may name an option in either language. Outreach: outreach {initial_invitations, wave_size, wave_every_minutes} invites that many eligible participants by mail at launch, then a wave every so many minutes while places remain (it sends mail to real people: confirm with the user).',
    operationId: 'createOpportunity',
    links: true,
  },
  {
    name: 'update_draft_opportunity',
    title: 'Edit a draft',
    description:
      'Edit a draft: title, internal_title, description, screening_questions, quotas, cross_quotas, expected_days_to_complete, max_minutes_per_submission (null: back to the default), auto_approve_after_days (null: never), language, translations (every translation at once; {} removes them). Translations are checked against the screener and tasks as they will be, so a new screener comes with translations that fit it. Refused (409) once launched, except a body holding outreach alone ({initial_invitations, wave_size, wave_every_minutes} or null to stop the waves), which an active, paused or fulfilled study takes too. Editing does not re-price.',
    operationId: 'updateOpportunity',
    argumentDescriptions: { opportunityId: 'A draft opportunity id (opp_...).' },
    links: true,
  },
  {
    name: 'delete_draft_opportunity',
    title: 'Delete a draft',
    description: 'Delete a draft (never charged). Refused (409) once launched: stop it instead.',
    operationId: 'deleteOpportunity',
    argumentDescriptions: { opportunityId: 'A draft opportunity id (opp_...).' },
    destructive: true,
    links: true,
  },
  {
    name: 'launch_opportunity',
    title: 'Launch a draft',
    description:
      'Launch a draft: charges the organization balance total_cost_cents and starts recruiting (status active). Confirm the price with the user first. Answers 402 PAYMENT_REQUIRED with finance_url when the balance plus overdraft does not cover it (nothing is charged); a repeated launch charges once (409).',
    operationId: 'launchOpportunity',
    argumentDescriptions: { opportunityId: 'A draft opportunity id (opp_...).' },
    destructive: true,
    links: true,
  },
  {
    name: 'preview_opportunity',
    title: 'Preview as a test participant',
    description:
      'Charges nothing. Makes a test participant who sees the opportunity and its screener exactly as a participant would, in any status including draft: answers a url for a person to open in a browser (works once, for an hour) and a pt_ token for the participant API. What the test participant does is marked test: true: never charged or paid, takes no place, sends no webhook, stays out of statistics, and list_submissions and list_applicants show it only with include_test.',
    operationId: 'previewOpportunity',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...), in any status.' },
    links: true,
  },
  {
    name: 'pause_opportunity',
    title: 'Pause recruiting',
    description: 'Pause an active opportunity (no new applicants); resume_opportunity undoes it.',
    operationId: 'pauseOpportunity',
    argumentDescriptions: { opportunityId: 'An active opportunity id (opp_...).' },
    links: true,
  },
  {
    name: 'resume_opportunity',
    title: 'Resume recruiting',
    description: 'Resume a paused opportunity.',
    operationId: 'resumeOpportunity',
    argumentDescriptions: { opportunityId: 'A paused opportunity id (opp_...).' },
    links: true,
  },
  {
    name: 'stop_opportunity',
    title: 'Stop an opportunity',
    description:
      'Stop an active or paused opportunity for good: unused places are refunded, invitations not yet started are withdrawn and waiting applicants declined. Refused (409) while submissions await review: approve or reject them first. Cannot be undone.',
    operationId: 'stopOpportunity',
    argumentDescriptions: { opportunityId: 'An active or paused opportunity id (opp_...).' },
    destructive: true,
    links: true,
  },
  {
    name: 'list_applicants',
    title: 'List applicants awaiting a decision',
    description:
      'Applicants who qualified and wait for your invite or decline decision (manual_review opportunities, or answers flagged for review), with their screening answers. Decide with invite_applicant or decline_applicant.',
    operationId: 'listOpportunityApplicants',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
    links: true,
  },
  {
    name: 'invite_applicant',
    title: 'Invite an applicant',
    description:
      'Invite an applicant from list_applicants: it becomes a screen_passed submission and can start the tasks.',
    operationId: 'inviteSubmission',
    argumentDescriptions: { submissionId: 'The applicant’s id as list_applicants shows it.' },
    links: true,
  },
  {
    name: 'decline_applicant',
    title: 'Decline an applicant',
    description:
      'Decline an applicant from list_applicants: it becomes screened_out. Refused (409) when it is not awaiting a decision.',
    operationId: 'declineSubmission',
    argumentDescriptions: { submissionId: 'The applicant’s id as list_applicants shows it.' },
    destructive: true,
    links: true,
  },
  {
    name: 'list_submissions',
    title: 'List submissions',
    description:
      'Submissions (participants’ work) of an opportunity, newest first, optionally by status; awaiting_review ones need approve_submission or reject_submission. Participant names are null when the organization hides identity. quality_flags (shared_network: another application from the same network and browser within the hour) are signs to weigh, not refusals. Abandoned ones say why in abandoned_reason (returned, timed_out, withdrawn; from lab sessions’ attendance no_show, excused, not_needed); awaiting_review ones are approved automatically at auto_approve_at unless decided first.',
    operationId: 'listOpportunitySubmissions',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
    links: true,
  },
  {
    name: 'get_submission',
    title: 'Read a submission',
    description: 'A submission with its screening answers and each task’s progress.',
    operationId: 'getSubmission',
    argumentDescriptions: { submissionId: 'A submission id (sub_...).' },
    readOnly: true,
  },
  {
    name: 'approve_submission',
    title: 'Approve a submission',
    description:
      'Approve work awaiting review: the participant is paid (status approved), or the submission goes back to in_progress when tasks remain. Refused (409) unless awaiting_review.',
    operationId: 'approveSubmission',
    argumentDescriptions: { submissionId: 'A submission id awaiting review (sub_...).' },
    destructive: true,
    links: true,
  },
  {
    name: 'reject_submission',
    title: 'Reject a submission',
    description:
      'Reject work awaiting review: the participant is not paid for it and the place frees. Give rejection_category and rejection_reason: they are the only record of why. Refused (409) unless awaiting_review.',
    operationId: 'rejectSubmission',
    argumentDescriptions: { submissionId: 'A submission id awaiting review (sub_...).' },
    destructive: true,
    links: true,
  },
  {
    name: 'request_submission_return',
    title: 'Ask a participant to return their place',
    description:
      'Ask the participant holding a place for work (screen_passed or in_progress) to give it back, with a reason they will read; recorded on the submission as return_requested_at and return_request_reason. The status does not change: the participant decides, and a returned place (abandoned_reason returned) goes back to recruitment at once. Refused (409) for any other status.',
    operationId: 'requestReturnSubmission',
    argumentDescriptions: { submissionId: 'A submission id (sub_...).' },
  },
  {
    name: 'get_hours',
    title: 'Read tracked hours',
    description:
      'Tracked hours of an opportunity per person and local date for a window: from (inclusive) and to (exclusive, at most 92 days later), ISO 8601 timestamps or bare dates (midnight UTC). A person’s day counts when it opened, in their own timezone, inside the window.',
    operationId: 'listOpportunityHours',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
    required: ['from', 'to'],
    readOnly: true,
  },
  {
    name: 'create_payout_run',
    title: 'Pay approved work (payout run)',
    description:
      'Moves money: pays an hourly or per-task opportunity’s approved work not paid before, up to `until` (default now): every approved tracked second at the hourly rate, or every approved task at its price. The total is charged to the organization balance at once (confirm with the user first) and each line paid to its participant; 402 PAYMENT_REQUIRED with finance_url when the balance plus overdraft does not cover it (nothing is paid), 409 for one-time opportunities (they pay on approval). A unit of work is never paid twice; pass idempotency_key so a retried call answers the first run instead of running again. A weekly schedule also runs it.',
    operationId: 'createPayoutRun',
    argumentDescriptions: { opportunityId: 'An hourly or per-task opportunity id (opp_...).' },
    extraArguments: {
      idempotency_key: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description:
          'Any unique string (a UUID); a retry with the same key and arguments answers the first call.',
      },
    },
    destructive: true,
  },
  {
    name: 'list_payout_runs',
    title: 'List payout runs',
    description:
      'An opportunity’s payout runs, newest first: total_cents, line_count, until, trigger (api or schedule). get_payout_run shows who was paid what.',
    operationId: 'listPayoutRuns',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'get_payout_run',
    title: 'Read a payout run',
    description: 'One payout run with its lines: participant, seconds or tasks, amount_cents.',
    operationId: 'getPayoutRun',
    argumentDescriptions: {
      opportunityId: 'An opportunity id (opp_...).',
      payoutRunId: 'A payout run id (pay_...).',
    },
    readOnly: true,
  },
  {
    name: 'pay_bonuses',
    title: 'Pay bonuses',
    description:
      'Moves money: pays each line’s amount_cents to the participant of a submission of this opportunity that started the work, charging the organization balance the bonuses plus the platform fee (BONUS_FEE_PERCENT, 0 unless the deployment sets it), all or none. 1 to 500 lines, one per submission. Confirm amounts with the user first. 400 lists every bad line and pays nothing; 402 PAYMENT_REQUIRED with finance_url when the balance plus overdraft does not cover the total. A repeated call pays again: pass idempotency_key so a retry answers the first call instead.',
    operationId: 'payBonuses',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
    extraArguments: {
      idempotency_key: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description:
          'Any unique string (a UUID); a retry with the same key and arguments answers the first call and pays nothing more.',
      },
    },
    destructive: true,
  },
  {
    name: 'list_bonuses',
    title: 'List bonuses',
    description: 'Bonuses paid on an opportunity, newest first, with their fee and reason.',
    operationId: 'listBonuses',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'invite_participants',
    title: 'Invite participants to a study',
    description:
      'Mails an invitation to participants eligible for an active opportunity: count (1 to 10,000) draws a uniformly random sample of those eligible now (its filters, groups and exclusions, required accounts; not invited to it before, not applied, taking invitations, at an address that takes mail); participant_ids (up to 1,000) invites those people, each of whom must be eligible or nobody is invited (the 400 lists each one that is not). An invitation costs nothing and moves no money, but it sends mail to real people: confirm the count with the user first. Answers {invited, eligible_not_invited}. 409 unless the opportunity is active. Pass idempotency_key so a retry sends nothing twice.',
    operationId: 'inviteParticipants',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
    extraArguments: {
      idempotency_key: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description:
          'Any unique string (a UUID); a retry with the same key and arguments answers the first call and invites nobody more.',
      },
    },
  },
  {
    name: 'list_invitations',
    title: 'List invitations',
    description:
      'An opportunity’s invitations, newest first: each participant invited, when, whether by its own mail (each) or the daily digest (daily), the mail’s status (queued, sent, failed) and when the participant applied, if they did.',
    operationId: 'listInvitations',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'send_message',
    title: 'Message a participant',
    description:
      'Writes to the participant of a submission (plain text, up to 5,000 characters, never rendered as HTML); they are emailed and reply in the participant app. Replies arrive as the message.received webhook event and in list_messages. Moves no money.',
    operationId: 'sendMessage',
    argumentDescriptions: { submissionId: 'A submission id (sub_...).' },
  },
  {
    name: 'list_messages',
    title: 'Read a message thread',
    description: 'The thread with the participant of a submission, oldest first.',
    operationId: 'listMessages',
    argumentDescriptions: { submissionId: 'A submission id (sub_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'send_bulk_message',
    title: 'Message many participants',
    description:
      'Writes the same message to many participants of an opportunity: submission_ids (up to 1,000) or every submission in a status (up to 10,000). Each recipient gets their own message and email, written by a job within seconds; the answer is the batch_id and recipient_count. Moves no money.',
    operationId: 'sendBulkMessage',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
  },
  {
    name: 'create_participant_group',
    title: 'Create a participant group',
    description:
      'A named set of participants to invite back (filter reference--include_groups) or keep out (reference--exclude_groups) of later studies. Moves no money.',
    operationId: 'createParticipantGroup',
  },
  {
    name: 'list_participant_groups',
    title: 'List participant groups',
    description: 'The organization’s participant groups, newest first, with member counts.',
    operationId: 'listParticipantGroups',
    argumentDescriptions: PAGE,
    readOnly: true,
  },
  {
    name: 'get_participant_group',
    title: 'Read a participant group',
    description: 'One participant group with its member count.',
    operationId: 'getParticipantGroup',
    argumentDescriptions: { groupId: 'A participant group id (grp_...).' },
    readOnly: true,
  },
  {
    name: 'rename_participant_group',
    title: 'Rename a participant group',
    description: 'Rename a participant group.',
    operationId: 'renameParticipantGroup',
    argumentDescriptions: { groupId: 'A participant group id (grp_...).' },
  },
  {
    name: 'delete_participant_group',
    title: 'Delete a participant group',
    description:
      'Delete a group and its memberships. Refused (409) while an opportunity that is not closed filters on it.',
    operationId: 'deleteParticipantGroup',
    argumentDescriptions: { groupId: 'A participant group id (grp_...).' },
    destructive: true,
  },
  {
    name: 'add_participant_group_members',
    title: 'Add participants to a group',
    description:
      'Add participant_ids (up to 1,000, people who applied to one of your studies), or everyone of an earlier study with from_opportunity and an optional status (e.g. "approved"). Idempotent: people already in stay as they are.',
    operationId: 'addParticipantGroupMembers',
    argumentDescriptions: { groupId: 'A participant group id (grp_...).' },
  },
  {
    name: 'list_participant_group_members',
    title: 'List a group’s members',
    description: 'A participant group’s members, by participant id.',
    operationId: 'listParticipantGroupMembers',
    argumentDescriptions: { groupId: 'A participant group id (grp_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'remove_participant_group_member',
    title: 'Remove a participant from a group',
    description: 'Remove one participant from a group; 404 when they are not in it.',
    operationId: 'removeParticipantGroupMember',
    argumentDescriptions: {
      groupId: 'A participant group id (grp_...).',
      participantId: 'A participant id (par_...).',
    },
    destructive: true,
  },
  {
    name: 'list_audit_events',
    title: 'Read the audit log',
    description:
      'Who did what to the organization’s money and settings, newest first: payout runs, bonuses, pay rates set by an operator.',
    operationId: 'listAuditEvents',
    argumentDescriptions: PAGE,
    readOnly: true,
  },
  // Lab sessions (docs/decisions/0178-lab-sessions.md).
  {
    name: 'create_lab',
    title: 'Create a lab',
    description:
      'A room where scheduled sessions take place: name, address (printed in confirmations and calendar files), IANA time_zone and capacity (seats). Moves no money.',
    operationId: 'createLab',
  },
  {
    name: 'list_labs',
    title: 'List labs',
    description: 'The organization’s labs, newest first.',
    operationId: 'listLabs',
    argumentDescriptions: PAGE,
    readOnly: true,
  },
  {
    name: 'get_lab',
    title: 'Read a lab',
    description: 'One lab.',
    operationId: 'getLab',
    argumentDescriptions: { labId: 'A lab id (lab_...).' },
    readOnly: true,
  },
  {
    name: 'update_lab',
    title: 'Change a lab',
    description: 'Change a lab’s name, address, time zone or capacity.',
    operationId: 'updateLab',
    argumentDescriptions: { labId: 'A lab id (lab_...).' },
  },
  {
    name: 'delete_lab',
    title: 'Delete a lab',
    description:
      'Delete a lab; refused (409, naming them) while sessions are still to take place in it.',
    operationId: 'deleteLab',
    argumentDescriptions: { labId: 'A lab id (lab_...).' },
    destructive: true,
  },
  {
    name: 'create_session',
    title: 'Schedule a session',
    description:
      'Schedule a session of a draft or active opportunity: starts_at (ISO 8601 with offset), duration_minutes, capacity, optional lab_id (none: online), reserve (default 0), enrollment_closes_minutes_before (default 120), reminder_hours_before (default 24). Sessions of one study offer at most its places; overlapping sessions of a lab together need at most its seats (409 names the other session). Participants who pass the screener enroll in one.',
    operationId: 'createSession',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).' },
  },
  {
    name: 'list_sessions',
    title: 'List an opportunity’s sessions',
    description: 'The sessions of an opportunity by start time, with enrolled and seats_left.',
    operationId: 'listSessions',
    argumentDescriptions: { opportunityId: 'An opportunity id (opp_...).', ...PAGE },
    readOnly: true,
  },
  {
    name: 'get_session',
    title: 'Read a session',
    description: 'One session with enrolled and seats_left.',
    operationId: 'getSession',
    argumentDescriptions: { sessionId: 'A session id (ses_...).' },
    readOnly: true,
  },
  {
    name: 'update_session',
    title: 'Change a session',
    description:
      'Change a session’s time, lab, seats or deadlines; seats may not go below those taken. A new start queues new reminders.',
    operationId: 'updateSession',
    argumentDescriptions: { sessionId: 'A session id (ses_...).' },
  },
  {
    name: 'cancel_session',
    title: 'Cancel a session',
    description:
      'Cancel a session: everyone enrolled is mailed a cancellation (with a calendar update) and their seat goes back; their place in the study is kept.',
    operationId: 'cancelSession',
    argumentDescriptions: { sessionId: 'A session id (ses_...).' },
    destructive: true,
  },
  {
    name: 'record_attendance',
    title: 'Record attendance',
    description:
      'Who came to a session that has started: entries of {submission_id, status} with status participated, showed_up_not_needed (pays the opportunity’s show_up_fee_cents and closes the submission: moves money), no_show (abandons it; counts against the participant) or excused. All or none: a 400 lists every bad entry.',
    operationId: 'recordAttendance',
    argumentDescriptions: { sessionId: 'A session id (ses_...).' },
    destructive: true,
  },
];
