/** A scheduled study's sessions: choosing one, the one enrolled in, cancelling, the calendar file. */
export const en = {
  pickTitle: 'Choose a session',
  pickIntro:
    'This study takes place at set times. Choose the session you will come to: your place is held once you enroll.',
  noSessions:
    'No session has a seat left right now. Look again later, or return your place if none suits you.',
  yourTime: 'Your time: {time}',
  labTime: 'Lab time: {time}',
  online: 'Online',
  length: 'Length: {length}',
  seatsLeft: '{count, plural, one {# seat left} other {# seats left}}',
  enrollUntil: 'Enroll until {date}',
  enrollButton: 'Enroll<hidden> in the session of {time}</hidden>',
  enrolledHeading: 'Your session',
  listSession: 'Your session: {time}, {place}',
  whenLabel: 'When',
  whereLabel: 'Where',
  addToCalendar: 'Add to calendar',
  addStudyToCalendar: 'Add to calendar<hidden>: {title}</hidden>',
  cancelButton: 'Cancel my enrollment',
  cancelConfirm:
    'Cancel your enrollment? Your place in the study stays yours while you choose another session.',
  cancelUntil: 'You can cancel until {date}.',
  cancelClosed: 'Cancelling closed on {date}. If you cannot come, write to the researchers.',
  reserveSeat:
    'Your seat is a reserve seat: please come. If everyone else comes too, you are sent home and paid for coming.',
  enrollmentCancelled: 'This enrollment is cancelled. Choose another session to keep your place.',
  attendance:
    '{attendance, select, participated {You took part.} showed_up_not_needed {You came and were not needed: you are paid for coming.} no_show {You were marked as not having come.} excused {You were excused.} other {Your attendance is not recorded yet.}}',
  mustEnroll: 'This study takes place at set times: choose a session to hold your place.',
  enrollBefore: 'Choose one before {date}, or your place goes to someone else.',
  chooseSession: 'Choose a session',
  alreadyEnrolled: 'You are enrolled in a session. To move, cancel it first, then choose another.',
  noticeEnrolled: 'You are enrolled. A confirmation with a calendar file is on its way by email.',
  noticeCancelled: 'Your enrollment is cancelled. Choose another session to keep your place.',
  refusedFull: 'That session has just filled up. Please choose another one.',
  refusedClosed: 'Enrollment in that session has closed. Please choose another one.',
  refusedCancelClosed: 'Cancelling closed on {date}. If you cannot come, write to the researchers.',
  refusedGeneric:
    'That did not work: the sessions may have changed in the meantime. Please look at them again.',
  notEnrollable:
    'Only a place you hold can enroll in a session: this one is no longer waiting for you.',
  backToWork: 'Back to this study',
} as const;
