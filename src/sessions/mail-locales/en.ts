/** The mails of lab sessions and no-shows (src/sessions/session-mail.ts). */
export const en = {
  online: 'Online',
  confirmationSubject: 'Your session: {title}, {when}',
  confirmationBody: `Hello {name},

You have a place in this session:

{title}
When: {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Where: {place}

The attached calendar file adds it to your calendar. If you cannot come, cancel before {deadline} so someone else can take the seat: {link}`,
  changeSubject: 'Moved: {title}, now {when}',
  changeBody: `Hello {name},

The researchers changed your session. It is now:

{title}
When: {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Where: {place}

The attached calendar file updates it in your calendar. If you cannot come now, cancel before {deadline} so someone else can take the seat: {link}`,
  reminderSubject: 'Reminder: {title}, {when}',
  reminderBody: `Hello {name},

A reminder of your session:

{title}
When: {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Where: {place}

Your study: {link}`,
  cancellationSubject: 'Cancelled: {title}, {when}',
  cancellationBody: `Hello {name},

The researchers cancelled this session:

{title}
When: {when} ({zone})
Where: {place}

{heldUntil, select, none {Your place in the study is kept: choose another session here: {link}} other {Your place in the study is kept until {heldUntil}: choose another session before then, or it goes to someone else: {link}}}`,
  withdrawalSubject: 'You left the session: {title}, {when}',
  withdrawalBody: `Hello {name},

You cancelled your seat in this session:

{title}
When: {when} ({zone})

{heldUntil, select, none {To take part, choose another session: {link}} other {To take part, choose another session before {heldUntil}, or your place goes to someone else: {link}}}`,
  closedSubject: 'Cancelled: {title}, {when}',
  closedBody: `Hello {name},

The study "{title}" has closed, so your session will not take place for you:

When: {when} ({zone})
Where: {place}

The attached calendar file removes it from your calendar. Thank you for your interest.`,
  noShowWarningSubject: 'You missed a session',
  noShowWarningBody: `Hello {name},

You were expected at a session of "{title}" and did not come. Researchers keep seats for the people who enrol, so please cancel in time when you cannot come.

After {limit, plural, one {# missed session} other {# missed sessions}} in twelve months, studies with sessions are no longer offered to you.`,
  noShowLimitSubject: 'Studies with sessions are closed to you for now',
  noShowLimitBody: `Hello {name},

You missed {count, plural, one {# session} other {# sessions}} in the last twelve months, most recently one of "{title}". Studies with sessions are no longer offered to you; online studies still are.

If this is a mistake, reply to this mail and the panel's operators can lift it.`,
} as const;
