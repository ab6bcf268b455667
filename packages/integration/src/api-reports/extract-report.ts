import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor';
import type { ApiReportTarget } from './report-targets.js';

// API Extractor reads the built declarations (what a consumer's compiler sees) and writes its report
// into a temp folder; nothing it writes lands in the repository.

/** Compiler settings of the analysis, independent of any package's tsconfig (which also covers tests). */
const ANALYSIS_COMPILER_OPTIONS = {
  target: 'es2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  strict: true,
  skipLibCheck: true,
  types: [],
};

// Release tags and doc comments are not what the report guards, and a type that is reachable but not
// exported is written into the report itself (includeForgottenExports): none needs a message.
const QUIET = { logLevel: ExtractorLogLevel.None, addToApiReportFile: false };

const UNDOCUMENTED_LINE = /^\s*\/\/ \(undocumented\)\n/gmu;
const UNDOCUMENTED_SUFFIX = / \(undocumented\)$/gmu;

/**
 * API Extractor marks every declaration without a doc comment `(undocumented)`. The report guards
 * names and types, so those markers are dropped: writing a doc comment is not an API change.
 */
export function normalizeApiReport(text: string): string {
  return text.replace(/\r\n/gu, '\n').replace(UNDOCUMENTED_LINE, '').replace(UNDOCUMENTED_SUFFIX, '');
}

/** The report of one package's declarations, normalized as it is checked in. */
export async function extractApiReport(target: ApiReportTarget): Promise<string> {
  const workDir = await mkdtemp(join(tmpdir(), 'api-report-'));
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: target.dir,
        mainEntryPointFilePath: target.entry,
        compiler: { overrideTsconfig: { compilerOptions: ANALYSIS_COMPILER_OPTIONS } },
        apiReport: {
          enabled: true,
          reportFileName: 'report',
          reportFolder: workDir,
          reportTempFolder: workDir,
          includeForgottenExports: true,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Warning },
            'ae-missing-release-tag': QUIET,
            'ae-forgotten-export': QUIET,
            'ae-undocumented': QUIET,
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: join(target.dir, 'package.json'),
    });
    const problems: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: true,
      messageCallback: (message: ExtractorMessage) => {
        message.handled = true;
        // The only expected warning: the report is new in the (always empty) temp folder.
        if (message.messageId === 'console-api-report-created') return;
        if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) {
          problems.push(message.formatMessageWithLocation(target.dir));
        }
      },
    });
    if (!result.succeeded || problems.length > 0) {
      throw new Error(`API Extractor could not read ${target.name}:\n${problems.join('\n')}`);
    }
    return normalizeApiReport(await readFile(join(workDir, 'report.api.md'), 'utf8'));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
