/** Whether a test file's source changes modules or globals for the files after it in its worker. */
export function needsIsolation(source: string): boolean {
  return /\bvi\s*\.\s*(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\s*\(/.test(source);
}
