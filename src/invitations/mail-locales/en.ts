/** The mails that invite a participant to studies (src/invitations/invitation-mail.ts). */
export const en = {
  subject: 'A study for you: {title}',
  body: `Hello {name},

A study you fit is looking for participants:

{title}
Reward: {reward} for about {minutes, plural, one {# minute} other {# minutes}} ({perHour} an hour)

See it and apply: {link}

Places are limited and go to those who apply first.

You receive this because you joined the panel on {host} and chose to hear about new studies. To stop these mails, open {unsubscribe}`,
  digestSubject: '{count, plural, one {A new study for you} other {# new studies for you}} today',
  digestIntro: `Hello {name},

{count, plural, one {This study you fit opened today:} other {These studies you fit opened today:}}`,
  digestItem: `{title}
Reward: {reward} for about {minutes, plural, one {# minute} other {# minutes}} ({perHour} an hour)
{link}`,
  digestFooter: `You receive one mail a day like this because you joined the panel on {host} and chose a daily summary. To stop these mails, open {unsubscribe}`,
} as const;
