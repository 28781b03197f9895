// The dashboard's own enhancements, after forms.js (src/platform/web/assets/); every page works
// without them.

// New study: the audience count follows the filters as they change (the same count as
// POST /v2/audience/size); without this script it is counted when the page is drawn.
for (const output of document.querySelectorAll('output[data-audience-count]')) {
  const form = output.closest('form');
  if (!form) continue;
  let timer;
  let asked = 0;
  const recount = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const query = new URLSearchParams();
      for (const [key, value] of new FormData(form)) {
        if (key.startsWith('filter.') && typeof value === 'string') query.append(key, value);
      }
      const mine = ++asked;
      const response = await fetch(`${output.dataset.audienceCount}?${query}`, {
        credentials: 'same-origin',
      });
      if (!response.ok || mine !== asked) return;
      output.textContent = (await response.json()).words;
    }, 250);
  };
  form.addEventListener('change', recount);
  form.addEventListener('input', recount);
}
