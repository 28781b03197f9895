// The screener editor, enhanced (docs/decisions/0184-compact-screener-editor.md). Without this
// script every form of the page posts and its redirect lands on the card it was about
// (#question-N). With it, the forms marked data-in-place are sent without leaving the page: the
// answer (the page the redirect leads to, or the page drawn again with the problems of a refused
// edit) replaces the page's main part, the card worked on stays where it was on screen, what was
// typed in other cards is kept, and the notice is said aloud. "Add an answer" adds a row in place.
(() => {
  if (!document.querySelector('[data-screener-editor]')) return;

  const live = document.createElement('div');
  live.className = 'visually-hidden';
  live.setAttribute('aria-live', 'polite');
  document.body.append(live);

  const formId = (form) => {
    const card = form.closest('[data-key]');
    if (card && form.classList.contains('question-form')) return `card:${card.dataset.key}`;
    if (form.classList.contains('add-question')) return 'add';
    if (form.classList.contains('quota-form')) return 'quotas';
    return undefined;
  };

  function enhance(root) {
    for (const row of root.querySelectorAll('[data-new-answer]')) row.hidden = true;
    for (const button of root.querySelectorAll('[data-add-answer]')) button.hidden = false;
    showGridFields(root);
  }

  function showGridFields(root) {
    const pick = root.querySelector('#new-pick');
    for (const part of root.querySelectorAll('[data-grid-only]')) {
      part.hidden = pick ? pick.value !== 'grid' : false;
    }
  }

  // "Add an answer": a copy of the card's hidden blank row, numbered after the card's last row.
  document.addEventListener('click', (event) => {
    const button = event.target.closest?.('[data-add-answer]');
    if (!button) return;
    const fieldset = button.closest('fieldset');
    const blank = fieldset?.querySelector('[data-new-answer]');
    if (!blank) return;
    const numbers = [...button.form.elements]
      .map((element) => /^answer\.(\d+)\.text$/.exec(element.name ?? '')?.[1])
      .filter((n) => n !== undefined)
      .map(Number);
    const next = Math.max(-1, ...numbers) + 1;
    const row = blank.cloneNode(true);
    row.hidden = false;
    row.removeAttribute('data-new-answer');
    row.classList.remove('answer-new');
    for (const element of row.querySelectorAll('[name]')) {
      element.name = element.name.replace(/^answer\.\d+\./, `answer.${next}.`);
    }
    for (const element of row.querySelectorAll('[id]')) {
      element.id = element.id.replace(/-new-/, `-n${next}-`);
    }
    for (const label of row.querySelectorAll('label[for]')) {
      label.htmlFor = label.htmlFor.replace(/-new-/, `-n${next}-`);
    }
    blank.before(row);
    button.closest('form').dataset.dirty = 'yes';
    row.querySelector('input.answer-text')?.focus();
  });

  document.addEventListener('input', (event) => {
    const form = event.target.form;
    if (form?.hasAttribute('data-in-place')) form.dataset.dirty = 'yes';
  });
  document.addEventListener('change', (event) => {
    if (event.target.id === 'new-pick') showGridFields(document);
  });

  /** What was typed in the forms not being sent, to put back after the page is redrawn. */
  function typedElsewhere(sent) {
    const kept = new Map();
    for (const form of document.querySelectorAll('form[data-dirty]')) {
      const id = formId(form);
      if (form === sent || !id) continue;
      kept.set(
        id,
        [...form.elements]
          .filter((e) => e.name && e.type !== 'hidden' && e.type !== 'submit')
          .map((e) => [e.name, e.type === 'checkbox' ? e.checked : e.value]),
      );
    }
    return kept;
  }

  function putBack(kept) {
    for (const form of document.querySelectorAll('form[data-in-place]')) {
      const values = kept.get(formId(form));
      if (!values) continue;
      for (const [name, value] of values) {
        const element = form.elements.namedItem(name);
        if (!element || element instanceof RadioNodeList) continue;
        if (element.type === 'checkbox') element.checked = value;
        else element.value = value;
      }
      form.dataset.dirty = 'yes';
    }
  }

  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-in-place')) return;
    if (event.defaultPrevented || form.dataset.whole === 'yes') return;
    event.preventDefault();
    const submitter = event.submitter;
    const card = form.closest('[data-key]');
    const cards = [...document.querySelectorAll('li[data-key]')];
    const place = card ?? form.closest('section') ?? form;
    const top = place.getBoundingClientRect().top;
    const kept = typedElsewhere(form);
    let response;
    try {
      response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form, submitter)),
        credentials: 'same-origin',
      });
    } catch {
      response = undefined;
    }
    const here = new URL(window.location.href);
    const landed = response ? new URL(response.url) : undefined;
    // A refused edit answers the page itself (400); a done one redirects back to it. Anywhere
    // else (a launched study's own page, whose notice the fetch has already read) or no answer:
    // the form is sent again the plain way, as without the script; a refused edit is refused again.
    if (!response || (response.redirected && landed.pathname !== here.pathname)) {
      delete form.dataset.sent;
      form.dataset.whole = 'yes';
      form.requestSubmit(submitter);
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const main = page.querySelector('main');
    if (!main) {
      window.location.assign(response.url);
      return;
    }
    document.querySelector('main').replaceChildren(...main.childNodes);
    enhance(document);
    putBack(kept);

    // The same card, found by its key (it may have moved); a deleted card's place is taken by the
    // next one; a form outside the cards keeps its section where it was.
    let target;
    if (card) {
      target =
        document.querySelector(`li[data-key="${CSS.escape(card.dataset.key)}"]`) ??
        document.querySelectorAll('li[data-key]')[
          Math.min(cards.indexOf(card), cards.length - 2)
        ] ??
        document.getElementById('screener');
    } else {
      const section = form.closest('section');
      target =
        (section?.id && document.getElementById(section.id)) || document.querySelector('main');
    }
    window.scrollBy(0, target.getBoundingClientRect().top - top);
    const refused =
      target.querySelector('[aria-invalid="true"]') ??
      document.querySelector('main [aria-invalid="true"]');
    const again = submitter?.name
      ? target.querySelector(
          `[name="${submitter.name}"][value="${CSS.escape(submitter.value)}"]:not([hidden])`,
        )
      : null;
    const focus =
      refused ??
      (form.classList.contains('add-question') ? document.getElementById('new-text') : again);
    if (focus) focus.focus({ preventScroll: true });
    else {
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
    const flash = document.querySelector('main .flash');
    live.textContent = flash ? flash.textContent.trim().replace(/\s+/g, ' ') : '';
  });

  enhance(document);
})();
