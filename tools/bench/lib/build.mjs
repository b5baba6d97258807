// Builds every project once before the benchmarks (Nx replays cached outputs when nothing changed).
import { bin, run } from '../../scripts/lib.mjs';

export async function buildAll() {
  const started = Date.now();
  console.log('Building (npx nx run-many -t build --parallel=2; cached outputs are reused)…');
  const result = await run(bin('nx'), ['run-many', '-t', 'build', '--parallel=2', '--output-style=static'], { quiet: true });
  const seconds = +((Date.now() - started) / 1000).toFixed(1);
  console.log(result.code === 0 ? `Built in ${seconds} s.` : `Build failed after ${seconds} s.`);
  return { ok: result.code === 0, seconds, ...(result.code === 0 ? {} : { outputTail: result.output.slice(-3000) }) };
}
