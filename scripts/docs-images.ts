// Regenerates the README's chart images in docs/ from the built-in report's jobs:
//   npm run docs:images   (or: npx tsx scripts/docs-images.ts)
import { writeFilesAtomically } from '../src/cli/write-files.ts';
import { renderSvg, svgToPng } from '../src/report/render.ts';
import { analysisOutput } from '../src/report/zidara/analysis-output.ts';
import { DEFAULT_REPORT } from '../src/report/zidara/default-report.ts';
import { runAnalysis } from '../src/systems/run-analysis.ts';

/** docs/<file> ← the chart of the built-in job named <job>. */
const IMAGES = [{ file: 'splits-example.png', job: 'splits-8-steps-vs-c3' }] as const;

const files = [];
for (const { file, job: name } of IMAGES) {
  const job = DEFAULT_REPORT.find((j) => j.name === name);
  if (!job) throw new Error(`no built-in report job named ${name}`);
  const svg = await renderSvg(analysisOutput(runAnalysis(job)).spec);
  files.push({ name: file, content: svgToPng(svg) });
}
const written = await writeFilesAtomically(new URL('../docs/', import.meta.url).pathname, files);
console.log(`wrote ${written.join(', ')}`);
