/**
 * Benches that need a fresh process (the handlers' modules keep their DynamoDB endpoint and
 * configuration for the life of a process): the module measures when run as a script, printing its
 * report, or with `--json` its figures as the last line; the parent runs it as a child and reads them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Runs the bench module `moduleUrl` in a fresh child process, prints its report and answers its figures. */
export async function measureInChild<T>(moduleUrl: string, format: (figures: T) => string): Promise<T> {
  const file = fileURLToPath(moduleUrl);
  const child = spawn(process.execPath, ['--import', 'tsx', file, '--json'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  if (code !== 0) throw new Error(`${file} exited with ${code}`);
  const figures = JSON.parse(out.trim().split('\n').at(-1) as string) as T;
  console.log(format(figures));
  return figures;
}

/** When `moduleUrl` is the script node was started with: measures and prints (the report, or JSON with --json). */
export async function measureWhenRunDirectly<T>(moduleUrl: string, measure: () => Promise<T>, format: (figures: T) => string): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const figures = await measure();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : format(figures));
}
