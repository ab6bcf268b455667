// Pure formatting of the smoke transcript: what was typed, what Pi showed, what was checked.

const SHOWN_INDENT = '         ';

export function section(title: string): string {
  return `\n== ${title}`;
}

export function typed(prompt: string): string {
  return `> ${prompt}`;
}

export function note(text: string): string {
  return `  ${text}`;
}

/** Indents every line after the first, so a multi-line message stays readable under its tag. */
function continued(text: string, indent: string): string {
  return text.split('\n').join(`\n${indent}`);
}

/** A notification as Pi showed it: `[info] Objective set.` */
export function shown(notification: { readonly message: string; readonly notifyType: string }): string {
  const tag = `  [${notification.notifyType}] `;
  return `${tag}${continued(notification.message, ' '.repeat(tag.length))}`;
}

/** A block of text the model received or answered, under a short label. */
export function received(label: string, text: string): string {
  return `  ${label}\n${SHOWN_INDENT}${continued(text, SHOWN_INDENT)}`;
}

export function passedLine(count: number): string {
  return `smoke: ${count} checks passed`;
}

export function failedLine(message: string): string {
  return `smoke: FAILED: ${message}`;
}
