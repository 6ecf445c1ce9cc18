// A vitest reporter that writes each test file's whole time (environment, imports, hooks and
// tests) to the JSON file named by VITEST_FILE_TIMES, for the slowest-files list of `npm test`.
import { writeFileSync } from 'node:fs';

export default class FileTimesReporter {
  times = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.times.push({ file: testModule.moduleId, seconds: ms / 1000 });
  }

  onTestRunEnd() {
    if (process.env.VITEST_FILE_TIMES)
      writeFileSync(process.env.VITEST_FILE_TIMES, JSON.stringify(this.times));
  }
}
