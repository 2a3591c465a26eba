// Prints one closing line per runner and a total, in the plain 'N passed, N failed' form.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const line = (name, p, f, s) => console.log(`${name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);

if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  line('vitest', v.numPassedTests, v.numFailedTests, v.numPendingTests + v.numTodoTests);
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (playwrightFile && existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats;
  line('playwright', s.expected + s.flaky, s.unexpected, s.skipped);
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}
line('total', passed, failed, skipped);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
