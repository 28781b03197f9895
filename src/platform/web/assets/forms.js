// Shared by both apps' scripts (joined in front of each); every page works without it.
// Forms marked data-confirm ask first; a form is not sent twice by a double click.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const question = form.dataset.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
    return;
  }
  if (form.dataset.sent === 'yes') {
    event.preventDefault();
    return;
  }
  form.dataset.sent = 'yes';
  for (const button of form.querySelectorAll('button[type="submit"]')) {
    button.setAttribute('aria-disabled', 'true');
  }
});

// Coming back through the history cache shows the page as left: let its forms be sent again.
window.addEventListener('pageshow', () => {
  for (const form of document.querySelectorAll('form[data-sent]')) {
    delete form.dataset.sent;
  }
});
