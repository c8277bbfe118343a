/**
 * The CLI's one error: what stops a command, caught once in `main`, which prints
 * `robots-txt-tester: <message>` (and the help hint) and ends with the exit code.
 */
export class CliError extends Error {
  /** Whether "Run … --help for usage." follows the message (the command line may be at fault). */
  readonly hint: boolean;

  /** `exitCode`: 2 (bad input) unless said; `hint: false` for a failure the command line did not cause. */
  constructor(message: string, readonly exitCode = 2, options: { readonly hint?: boolean } = {}) {
    super(message);
    this.hint = options.hint ?? true;
  }
}
