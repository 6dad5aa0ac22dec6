import type { Locator, Page } from '@playwright/test';

/** The signed-in frame around every page: header (operator, theme, sign-out) and duties navigation. */
export class AppShell {
  readonly nav: Locator;
  readonly operator: Locator;
  readonly main: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Duties' });
    this.operator = page.getByRole('banner').getByLabel('Signed in operator');
    this.main = page.getByRole('main');
  }

  navLink(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  /** The labels of every link the navigation offers, in order. */
  async offered(): Promise<string[]> {
    // A link's first line is its label; a count badge (Approvals) may follow it.
    return (await this.nav.getByRole('link').allInnerTexts()).map((t) =>
      t.trim().split('\n')[0]!.trim(),
    );
  }

  async open(name: string): Promise<void> {
    await this.navLink(name).click();
  }

  /** The button that opens the operator menu (sessions, security events, Sign out). */
  operatorMenu(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Operator menu/ });
  }

  async openOperatorMenu(): Promise<Locator> {
    await this.operatorMenu().click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  async signOut(): Promise<void> {
    const menu = await this.openOperatorMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  /** Switches the colour scheme through the header toggle. */
  async useTheme(scheme: 'light' | 'dark'): Promise<void> {
    const toggle = this.page.getByRole('button', { name: `Switch to ${scheme} theme` });
    if (await toggle.isVisible()) await toggle.click();
    await this.page
      .getByRole('button', { name: `Switch to ${scheme === 'dark' ? 'light' : 'dark'} theme` })
      .waitFor();
  }
}
