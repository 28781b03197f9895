// The submissions page (docs/decisions/0183-review-at-a-glance.md); every part works without this
// script: the action bar shows and hides by CSS, and a row's link opens the list with the panel.
{
  // The bar says how many rows are ticked; the heading's box ticks every row on the page.
  const bar = document.getElementById('bulk-review');
  const boxes = () => [...document.querySelectorAll('input[name="ids"][form="bulk-review"]')];
  const count = bar?.querySelector('[data-chosen-count]');
  const all = document.querySelector('[data-pick-all]');
  const tell = () => {
    const ticked = boxes().filter((box) => box.checked).length;
    if (count) {
      count.textContent =
        ticked === 0
          ? 'Tick submissions in the table to act on them.'
          : `${ticked} ${ticked === 1 ? 'submission' : 'submissions'} ticked.`;
    }
    if (all) {
      all.checked = ticked > 0 && ticked === boxes().length;
      all.indeterminate = ticked > 0 && ticked < boxes().length;
    }
  };
  if (bar) {
    document.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.name === 'ids') tell();
    });
    tell();
  }
  if (all) {
    all.hidden = false;
    all.addEventListener('change', () => {
      for (const box of boxes()) box.checked = all.checked;
      tell();
    });
  }

  // A row's participant opens the submission in the panel beside the list: the panel is fetched
  // and put in place, and the address becomes the link's, so reloading or sharing it shows the
  // same (the server draws the list with the panel open).
  const panelOf = () => document.getElementById('review-panel');
  const markOpen = (href) => {
    const open = new URL(href, location.href).searchParams.get('open');
    for (const row of document.querySelectorAll('tr[data-submission]')) {
      const here = row.dataset.submission === open;
      row.classList.toggle('is-open', here);
      const link = row.querySelector('a[data-panel]');
      if (here) link?.setAttribute('aria-current', 'true');
      else link?.removeAttribute('aria-current');
    }
  };
  let asked = 0;
  const show = async (source, href, push) => {
    const panel = panelOf();
    if (!panel) return false;
    const mine = ++asked;
    panel.setAttribute('aria-busy', 'true');
    let response;
    try {
      response = await fetch(source, { credentials: 'same-origin' });
    } catch {
      panel.removeAttribute('aria-busy');
      return false;
    }
    if (mine !== asked) return true;
    panel.removeAttribute('aria-busy');
    if (!response.ok || response.redirected) return false;
    const markup = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = markup.getElementById('review-panel');
    if (!fresh) return false;
    panel.replaceWith(document.adoptNode(fresh));
    if (push) history.pushState({ reviewPanel: source }, '', href);
    markOpen(href);
    document.getElementById('panel-heading')?.focus();
    return true;
  };
  const close = (href, push) => {
    const panel = panelOf();
    if (!panel) return;
    const empty = document.createElement('aside');
    empty.id = 'review-panel';
    empty.className = panel.className;
    empty.setAttribute('aria-label', 'Submission');
    empty.hidden = true;
    panel.replaceWith(empty);
    if (push) history.pushState({ reviewPanel: null }, '', href);
    markOpen(href);
  };
  const plainClick = (event) =>
    event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  document.addEventListener('click', async (event) => {
    if (!(event.target instanceof Element) || !plainClick(event)) return;
    const opener = event.target.closest('a[data-panel]');
    if (opener) {
      event.preventDefault();
      if (!(await show(opener.dataset.panel, opener.href, true))) location.href = opener.href;
      return;
    }
    const closer = event.target.closest('#review-panel a[data-panel-close]');
    if (closer) {
      event.preventDefault();
      const row = document.querySelector('tr.is-open a[data-panel]');
      close(closer.href, true);
      row?.focus();
    }
  });
  // Back and forward move between the submissions opened, as the addresses say.
  if (panelOf()) {
    const opened = document.querySelector('tr.is-open a[data-panel]')?.dataset.panel ?? null;
    history.replaceState({ reviewPanel: opened }, '', location.href);
    window.addEventListener('popstate', (event) => {
      const source = event.state?.reviewPanel;
      if (source === undefined) return;
      if (source) void show(source, location.href, false);
      else close(location.href, false);
    });
  }
}
