/** `1 work item`, `3 work items`: the count and the noun in the right number. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
