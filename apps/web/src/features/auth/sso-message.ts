import type { SsoOutcome } from '@console/schemas';

/** What the sign-in page says when a single sign-on came back without a session. */
export function ssoMessage(
  outcome: SsoOutcome,
  provider = 'the company’s sign-in',
): { tone: 'info' | 'problem'; text: string } {
  switch (outcome) {
    case 'no-role':
      return {
        tone: 'problem',
        text: `${provider} knows you, but none of your groups gives access to the console. Ask your administrator for a console group.`,
      };
    case 'role-differs':
      return {
        tone: 'problem',
        text: `Your console account has another role than ${provider} gives you. Ask an administrator to bring the two in line.`,
      };
    case 'failed':
      return {
        tone: 'problem',
        text: `The sign-in with ${provider} could not be verified, so it was refused. Try again; if it keeps failing, tell an administrator.`,
      };
    case 'provider-refused':
      return { tone: 'problem', text: `${provider} did not sign you in. Try again.` };
    case 'expired':
      return {
        tone: 'problem',
        text: 'That sign-in took too long or was begun in another window. Start again here.',
      };
    case 'unavailable':
      return {
        tone: 'problem',
        text: `${provider} cannot be reached right now. Try again in a moment.`,
      };
    case 'busy':
      return {
        tone: 'problem',
        text: 'Too many sign-ins were begun. Wait a minute, then try again.',
      };
    case 'signed-out':
      return { tone: 'info', text: `You are signed out of the console and of ${provider}.` };
  }
}
