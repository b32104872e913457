/** Under an answer: the same question as a `dicelab` command, folded away. */
export function CommandLineDetails({ command }: { command: string }) {
  return (
    <details class="cli-details">
      <summary>The same question on the command line</summary>
      <code class="cli">{command}</code>
    </details>
  );
}
