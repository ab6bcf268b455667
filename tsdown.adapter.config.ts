// One build for both Pi adapters: the extension entry bundled into one module with the private
// adapter kit compiled in; the core (a dependency) and Pi's packages (peers) stay external imports.
import { join } from 'node:path';
import { defineConfig } from 'tsdown';

// Run from the adapter's folder (its `build` script); paths here are that folder's.
const packageDir = process.cwd();

export default defineConfig({
  cwd: packageDir,
  entry: [join(packageDir, 'src/extension.ts')],
  outDir: join(packageDir, 'dist'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  tsconfig: join(packageDir, 'tsconfig.build.json'),
  fixedExtension: false,
  // The published tarball ships no sources, so maps would point at files it does not have.
  sourcemap: false,
  // eager: the kit's declarations come from the whole program; per-file emission loses its re-exports.
  dts: { sourcemap: false, eager: true },
  report: false,
  inputOptions: { checks: { pluginTimings: false } },
});
