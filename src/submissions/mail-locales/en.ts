/** The mail an applicant receives when a researcher takes them on (src/submissions/invitation-mail.ts). */
export const en = {
  subject: 'You are invited: {title}',
  body: `Hello {name},

The researcher of “{title}” has chosen you, and a place is held for you. Start when you are ready:

{link}

You receive this because you applied to this study on {host}.`,
} as const;
