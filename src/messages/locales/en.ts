/** The mail telling a participant a researcher wrote to them (src/messages/rules.ts). */
export const en = {
  subject: 'New message about “{title}”',
  body: `Hello {name},

The researcher of “{title}” wrote to you:

{message}

Read and reply: {link}

You receive this because you took part in this study on {host}.`,
  yourStudy: 'your study',
} as const;
