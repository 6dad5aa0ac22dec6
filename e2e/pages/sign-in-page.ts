import type { Page } from '@playwright/test';
import { operator } from '../fixtures';

/** The sign-in page: username, password, "Sign in". */
export class SignInPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: /sign in/i });
  readonly username = () => this.page.getByLabel('Username');
  readonly password = () => this.page.getByLabel('Password', { exact: true });
  readonly submit = () => this.page.getByRole('button', { name: 'Sign in' });

  async goto(): Promise<void> {
    await this.page.goto('/sign-in');
  }

  /** Types a test operator's credentials and signs in (does not wait for the shell). */
  async signInAs(username: string): Promise<void> {
    const who = operator(username);
    await this.username().fill(who.username);
    await this.password().fill(who.password);
    await this.submit().click();
  }
}
