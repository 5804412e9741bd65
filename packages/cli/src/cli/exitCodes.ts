/** A problem with the command line: reported as one line naming the flag, exit code 2. */
export class UsageError extends Error {}
