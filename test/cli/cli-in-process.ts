import { runInProcess } from './run-in-process.ts';

/** `runInProcess` with its arguments spread and the exit status named `status`. */
export async function cliInProcess(...args: string[]) {
  const { code, stdout, stderr } = await runInProcess(args);
  return { status: code, stdout, stderr };
}
