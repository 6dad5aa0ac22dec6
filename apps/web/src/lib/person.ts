/**
 * A person as the console names them: the display name with the stable identity beside it. A
 * display name from the company's provider is often one the person can edit, so wherever someone
 * is named for a decision (who asked, approved, rejected, retried), the identity the journal and
 * the approvals key on (`jane`, `oidc:3f2a9c1b7e:00u1abcd`) is shown too.
 */
export function personLabel(username: string, name?: string | null): string {
  const shown = name?.trim();
  return shown && shown !== username ? `${shown} (${username})` : username;
}
