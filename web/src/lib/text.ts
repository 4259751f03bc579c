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
/**
 * Unicode's noncharacters (U+FDD0–U+FDEF and the last two code points of every plane), and a
 * lone surrogate: no one types them, and XML (the studio's digest chart, its reports) cannot hold
 * U+FFFE or U+FFFF. The server refuses them too.
 */
export const NONCHARACTER =
  /[\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]|\p{Surrogate}/u;
/** Only spaces and characters that render as nothing: looks empty, yet passes a length check. */
export const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]+$/u;
