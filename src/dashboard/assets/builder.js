// The study builder's audience step (docs/decisions/0182-builder-in-steps.md): the catalog's
// filters are all in the page as "Add" buttons, hidden unless they answer the search; this shows
// them as one types. Without it, the "Find" button sends the search and the page answers.
const fold = (text) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
for (const input of document.querySelectorAll('input[data-filter-search]')) {
  const list = document.getElementById(input.dataset.filterSearch);
  if (!list) continue;
  input.addEventListener('input', () => {
    const wanted = fold(input.value);
    for (const item of list.querySelectorAll('li')) {
      const found =
        wanted !== '' &&
        (fold(item.dataset.filterName ?? '').includes(wanted) ||
          fold(item.dataset.filterCategory ?? '').includes(wanted));
      item.hidden = !found;
    }
  });
}
