/** What both apps' assets start with (src/platform/web/assets/): joined in front of their own. */
export const BASE_CSS = new URL('./assets/base.css', import.meta.url);
export const FORMS_JS = new URL('./assets/forms.js', import.meta.url);
