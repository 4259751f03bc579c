// Text the studio could not read as written, as contract/README.md defines it for the contact
// form and for where a lead came from (lead-source.json): the server applies the same rules.

/** A control character (U+0000–U+001F, U+007F–U+009F). */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/**
 * A mandatory line break other than the controls above: U+2028 LINE SEPARATOR and U+2029
 * PARAGRAPH SEPARATOR. In a one-line value it could draw a line of its own in the chat or the mail.
 */
export const LINE_SEPARATOR = /[\u2028\u2029]/u;
/** Unicode's Bidi_Control characters: they can show text in another order than it was written. */
export const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Only spaces and characters that render as nothing: looks empty, yet passes a length check. */
export const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]+$/u;
