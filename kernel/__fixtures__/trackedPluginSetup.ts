// A plugin module that records being imported, so a test can prove it never was.
const imports = ((globalThis as { __latchTrackedImports?: number }).__latchTrackedImports ?? 0) + 1
;(globalThis as { __latchTrackedImports?: number }).__latchTrackedImports = imports

export default function setupTracked(): void {}
