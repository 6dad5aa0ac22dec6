/**
 * Text a message carries, made safe for where it goes. Operator and service text (file names,
 * reasons, display names, what the journal says) is written into messages whole, so the place
 * it goes must not read any of it as markup or as a header.
 *
 * - A chat post's `text` is Slack's message format, where `<…>` is a control sequence: `<!here>`
 *   alerts the room, `<https://…|words>` is a link that reads as `words`. The console's posts hold
 *   no control sequence of their own, so the whole text is escaped as Slack asks (`&`, `<`, `>`,
 *   nothing else): the room sees the characters and no alert or link can be made from them.
 * - An email subject is a header: a line break there would start another, and the dead-letter
 *   list shows it as stored. Every control character becomes one space.
 */

/** `text` as a chat post shows it: `&`, `<` and `>` escaped, so nothing in it is markup. */
export function chatText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `text` on one line: each run of control characters (CR, LF, tab, …) one space. */
export function subjectLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}
