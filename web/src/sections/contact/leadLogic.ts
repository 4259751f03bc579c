// The form's checking and sending, one chunk fetched when the visitor first focuses the form (or
// sends it at once): the page's first script draws the form, this is what it does.
export { consentError } from './consentRule';
export { sendLead } from './contactApi';
export { validateContact } from './validation';
