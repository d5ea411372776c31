// Whether a file is a test file, for the outline level: by its path, or by a test framework import.

const TEST_PATH = [
  /(^|\/)(__tests__|__test__|__mocks__|tests?|specs?|e2e|runtime-tests)\//i,
  /\.(test|spec|e2e|bench|test-d)\.[cm]?[jt]sx?$/i,
  /_(test|spec)\.(rb|go|py|[cm]?[jt]sx?)$/i,
  /(^|\/)test_[^/]+\.py$/,
  /(Tests?|Spec|IT)\.(java|kt|cs|scala|groovy|php)$/,
];

const TEST_IMPORT =
  /\b(?:from\s+|require\(\s*)['"](?:vitest|@jest\/globals|bun:test|node:test|@playwright\/test|mocha|ava|uvu|tap|chai)['"]|^\s*require\s+['"](?:spec_helper|rails_helper)['"]|\bRSpec\.describe\b/m;

export function isTestFile(path: string, text: string): boolean {
  const p = path.replace(/\\/g, '/');
  return TEST_PATH.some((re) => re.test(p)) || TEST_IMPORT.test(text.slice(0, 4000));
}
