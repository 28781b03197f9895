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

// New study: the state and city fields take names separated by commas; as one types, the name
// being typed is completed from the option search in the chosen countries. Each suggestion is the
// whole field's value (the names before it kept), so the browser's list matches what is typed.
for (const input of document.querySelectorAll('input[data-place-search]')) {
  const form = input.form;
  const list = document.getElementById(input.getAttribute('list'));
  if (!form || !list) continue;
  let timer;
  let asked = 0;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const cut = input.value.lastIndexOf(',');
      const before = cut < 0 ? '' : `${input.value.slice(0, cut + 1).trimEnd()} `;
      const search = input.value.slice(cut + 1).trim();
      const countries = new FormData(form).getAll('filter.multi_select--country');
      if (search.length < 2 || countries.length === 0) return;
      const query = new URLSearchParams({ search });
      for (const country of countries) query.append('country_id', String(country));
      const mine = ++asked;
      const response = await fetch(`/dashboard/options/${input.dataset.placeSearch}?${query}`, {
        credentials: 'same-origin',
      });
      if (!response.ok || mine !== asked) return;
      const { data } = await response.json();
      list.replaceChildren(
        ...data.map((place) => {
          const option = document.createElement('option');
          option.value = `${before}${place.name}`;
          return option;
        }),
      );
    }, 150);
  });
}
