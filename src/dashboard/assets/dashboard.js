// The dashboard's own enhancements, after forms.js (src/platform/web/assets/); every page works
// without them.

// New study: the audience count and the price follow the form as it changes (the count of
// POST /v2/audience/size, the price the create would set); without this script both are worked
// out when the page is drawn.
const LIVE = [
  ['audienceCount', (key) => key.startsWith('filter.') || key.startsWith('places.')],
  ['price', (key) => key !== '_csrf'],
];
for (const [name, sends] of LIVE) {
  const attribute = `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  for (const output of document.querySelectorAll(`output[${attribute}]`)) {
    const form = output.closest('form');
    if (!form) continue;
    let timer;
    let asked = 0;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const query = new URLSearchParams();
        for (const [key, value] of new FormData(form)) {
          if (sends(key) && typeof value === 'string') query.append(key, value);
        }
        const mine = ++asked;
        const response = await fetch(`${output.dataset[name]}?${query}`, {
          credentials: 'same-origin',
        });
        if (!response.ok || mine !== asked) return;
        output.textContent = (await response.json()).words;
      }, 300);
    };
    form.addEventListener('change', refresh);
    form.addEventListener('input', refresh);
  }
}
