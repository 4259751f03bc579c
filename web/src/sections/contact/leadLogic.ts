// The form's checking and sending, one chunk fetched when the visitor first focuses the form (or
// sends it at once): the page's first script draws the form, this is what it does. The proof of
// work comes with it, so it can start solving on that first focus while the visitor types.
export { consentError } from './consentRule';
export { createProof } from './proof/proof';
export { sendWithProof } from './proof/sendWithProof';
export { validateContact } from './validation';
