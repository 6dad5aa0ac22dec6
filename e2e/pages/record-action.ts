import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An action on a record the service holds (Cancel order, Delete rule, Delete fiat account): its
 * button, the confirmation dialog that names the record, and what it says once sent.
 */
export class RecordAction {
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    /** The button's name ("Cancel order", or "Cancel order <id>" in a list row). */
    private readonly button: string | RegExp,
    /** The dialog's title ("Cancel this order?"). */
    title: string,
    private readonly scope: Locator = page.getByRole('main'),
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  trigger(): Locator {
    return this.scope.getByRole('button', {
      name: this.button,
      exact: typeof this.button === 'string',
    });
  }

  async open(): Promise<Locator> {
    await this.trigger().click();
    await expect(this.dialog).toBeVisible();
    return this.dialog;
  }

  /** Closes the dialog with its "keep" button: nothing is sent. */
  async keep(label: string): Promise<void> {
    await this.dialog.getByRole('button', { name: label, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  async confirm(label: string): Promise<void> {
    await this.dialog.getByRole('button', { name: label, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** The "waiting for approval" note shown where the button was, with its request's link. */
  awaiting(): Locator {
    return this.scope.getByRole('status').filter({ hasText: 'Waiting for approval' });
  }
}
