// Test-only: a Pi extension that registers nothing. Started with `-e` like the adapters, it shows what
// Pi itself charges for loading one extension, the floor the adapters' start-up is measured against.

export default function emptyExtension(): void {
  // Nothing to register: the point is to load.
}
