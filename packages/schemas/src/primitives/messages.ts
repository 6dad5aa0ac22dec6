/**
 * A zod error function that tells a missing value ("Price is required") from a wrong one,
 * so that every message reads as an operator would say it.
 */
export function requiredOr(label: string, wrong: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required` : wrong;
}
