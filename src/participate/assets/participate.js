// Progressive enhancement only, after forms.js (src/platform/web/assets/): every page works
// without it (docs/participant-app.md).

// Sign-up: the time zone is guessed from the browser, and stays editable.
for (const select of document.querySelectorAll('select[data-guess-time-zone]')) {
  if (select.value) continue;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ([...select.options].some((option) => option.value === zone)) select.value = zone;
}

// Screener: display conditions and skip rules applied as the answers change, as grading walks
// them (docs/screening.md): hidden and skipped questions are hidden and their inputs disabled, so
// they are not sent.
for (const screener of document.querySelectorAll('[data-screener]')) {
  const questions = JSON.parse(screener.dataset.screener);
  const fieldsets = new Map(
    [...screener.querySelectorAll('fieldset[data-question]')].map((f) => [f.dataset.question, f]),
  );
  const picked = (question) => {
    const fieldset = fieldsets.get(question.key);
    const values = [];
    for (const input of fieldset.querySelectorAll('input, textarea')) {
      if (!input.name.startsWith('q.')) continue;
      if ((input.type === 'radio' || input.type === 'checkbox') && !input.checked) continue;
      if (input.type !== 'radio' && input.type !== 'checkbox' && input.value.trim() === '')
        continue;
      values.push(input.value);
    }
    return values;
  };
  const holds = (conditions, join, chosen) => {
    const results = conditions.map((c) => {
      const answered = (chosen.get(c.screening_question) || []).includes(c.answer);
      return c.operator === 'eq' ? answered : !answered;
    });
    return join === 'and' ? results.every(Boolean) : results.some(Boolean);
  };
  const update = () => {
    const chosen = new Map();
    let resumeAt = 0;
    questions.forEach((question, index) => {
      const display = question.display_condition;
      const shown =
        index >= resumeAt && (!display || holds(display.conditions, display.join, chosen));
      const fieldset = fieldsets.get(question.key);
      fieldset.hidden = !shown;
      for (const input of fieldset.querySelectorAll('input, textarea')) input.disabled = !shown;
      if (!shown) {
        chosen.set(question.key, null);
        return;
      }
      chosen.set(question.key, picked(question));
      const skip = question.skip_rules.find((rule) => holds(rule.conditions, rule.join, chosen));
      if (skip) {
        const target =
          skip.target_question === null
            ? -1
            : questions.findIndex((q) => q.key === skip.target_question);
        resumeAt = target > index ? target : Number.POSITIVE_INFINITY;
      }
    });
  };
  screener.addEventListener('change', update);
  screener.addEventListener('input', update);
  update();
}

// Text answers that should be typed, not pasted.
document.addEventListener('paste', (event) => {
  if (event.target instanceof HTMLElement && event.target.closest('[data-no-paste]')) {
    event.preventDefault();
  }
});

// Profile: the city field suggests cities of the chosen country (and state) as one types.
for (const input of document.querySelectorAll('input[data-city-search]')) {
  const form = input.form;
  const hidden = form.querySelector('input[data-city-id]');
  const list = document.getElementById(input.getAttribute('list'));
  const found = new Map();
  let timer;
  input.addEventListener('input', () => {
    hidden.value = found.get(input.value) || '';
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const search = input.value.trim();
      const country = form.elements.country_id?.value;
      if (search.length < 2 || !country) return;
      const query = new URLSearchParams({ search, country_id: country });
      const state = form.elements.state_id?.value;
      if (state) query.set('state_id', state);
      const response = await fetch(`/participate/options/${input.dataset.citySearch}?${query}`, {
        credentials: 'same-origin',
      });
      if (!response.ok) return;
      const { data } = await response.json();
      list.replaceChildren();
      for (const city of data) {
        found.set(city.name, city.id);
        const option = document.createElement('option');
        option.value = city.name;
        list.append(option);
      }
      hidden.value = found.get(input.value) || '';
    }, 150);
  });
  // A new country or state makes the typed city meaningless.
  for (const name of ['country_id', 'state_id']) {
    form.elements[name]?.addEventListener('change', () => {
      input.value = '';
      hidden.value = '';
    });
  }
}
