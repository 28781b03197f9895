// A session's roster: the "Print the sign-in sheet" button opens the browser's print dialog
// (sessions.css has the print rules). Without this script, the browser's own Print does the same.
for (const button of document.querySelectorAll('button[data-print]')) {
  button.addEventListener('click', () => window.print());
}
