/** The studies open to a participant, a study's page, its screener and what applying says. */
export const en = {
  listTitle: 'Studies for you',
  noStudies:
    'No study is looking for someone like you right now. New studies open often; a fuller <link>profile</link> matches more of them.',
  moreStudies: 'More studies',
  reward: 'Reward',
  about: 'About',
  perHour: 'Per hour',
  minutes: '{count, plural, one {# minute} other {# minutes}}',
  placesLeft: '{count, plural, one {# place left} other {# places left}}',
  verifyHeading: 'Confirm your email to apply',
  verifyText:
    'We sent a link to {email}. Open it to confirm your address; you can look at studies meanwhile.',
  sendLinkAgain: 'Send the link again',
  inTitle: 'You are in',
  inText:
    'Your answers fit this study and a place is held for you. Start the tasks when you are ready.',
  waitingTitle: 'Waiting for the researcher',
  waitingText:
    'The researcher chooses participants from the applications. We will email you if you are invited.',
  notThisTimeTitle: 'Not this time',
  notThisTimeText:
    'This study is looking for people with a different profile, so it cannot take you. Thank you for your time: other studies may fit you better.',
  appliedTitle: 'You applied',
  appliedText: 'Your application is recorded; your work page shows where it stands.',
  goToTasks: 'Go to the tasks',
  questionsFirst: 'A few questions first',
  applyHeading: 'Apply',
  applyButton: 'Apply',
  confirmEmailFirst: 'Confirm your email first: the link is in your inbox.',
  noScreener: 'This study has no screener: applying takes a place if one is free.',
  whatYouWillDo: 'What you will do',
  noticeConfirmFirst: 'Confirm your email address first: open the link we sent you.',
  noticePassed: 'You passed the screener.',
  tellUsMore: 'Tell us more (for “{answers}”)',
  yourAnswer: 'Your answer',
  chooseAll: 'Choose all that apply.',
  yes: 'Yes',
  no: 'No',
} as const;
