// What each adapter's docs/messages.md is built from: a section is a table of when a message is given
// and the message as the adapter's formatter writes it. Both adapters' messages-doc tests write their
// page with these, so the two pages read alike.

/** When a message is given, and the message. */
export type MessageRow = readonly [when: string, message: string];

/** One section of the page: its title, then the table (a message's `|` escaped, a line break shown as ⏎). */
export function messagesSection(title: string, rows: readonly MessageRow[]): string {
  const lines = rows.map(([when, message]) => `| ${when} | \`${message.replaceAll('|', '\\|').replaceAll('\n', ' ⏎ ')}\` |`);
  return [`## ${title}`, '', '| When | Message |', '| --- | --- |', ...lines, ''].join('\n');
}

/** Each rejection as a person reads it, then the ones the model is told in other words. */
export function rejectionRows<TRejection>(
  rejections: readonly (readonly [when: string, rejection: TRejection])[],
  format: (rejection: TRejection, caller: 'person' | 'model') => string,
): MessageRow[] {
  return [
    ...rejections.map(([when, rejection]): MessageRow => [when, format(rejection, 'person')]),
    ...rejections
      .filter(([, rejection]) => format(rejection, 'model') !== format(rejection, 'person'))
      .map(([when, rejection]): MessageRow => [`${when}, to the model`, format(rejection, 'model')]),
  ];
}
