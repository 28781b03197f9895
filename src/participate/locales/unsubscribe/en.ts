/** The pages an unsubscribe link opens (src/participate/pages/unsubscribe.ts). */
export const en = {
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribedText:
    'We will no longer email you about new studies. Mail about your account and the studies you take part in still reaches you.',
  undoButton: 'Undo: email me about new studies again',
  subscribedTitle: 'You will hear of new studies again',
  subscribedText:
    '{preference, select, daily {We will send you one email a day listing the new studies that fit you.} other {We will email you about each new study that fits you.}}',
  unsubscribeAgainButton: 'Unsubscribe from new studies',
  manageInProfile: 'Choose how often we email you about new studies in your <link>profile</link>.',
  invalidTitle: 'Link not valid',
  invalidText:
    'This unsubscribe link is not valid. Check that it was copied whole, or choose how often we email you about new studies in your <link>profile</link>.',
} as const;
