import type { Locator, Page } from '@playwright/test';

/** The card a send shows when the approval policy holds it: nothing was sent yet. */
export class AwaitingApprovalCard {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('region', { name: 'Awaiting approval', exact: true });
  }

  link(): Locator {
    return this.root.getByRole('link', { name: 'Open the approval request' });
  }
}

/** The approvals queue (`/approvals`) and one request's page (`/approvals/{id}`). */
export class ApprovalsPages {
  readonly queue: Locator;
  readonly sent: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.queue = page.getByRole('table', { name: 'Requests awaiting your approval' });
    this.sent = page.getByRole('region', { name: "Sent: the service's answer" });
    this.history = page.getByRole('region', { name: 'History' });
  }

  /** The navigation link, whose name carries the count ("Approvals 1 waiting"). */
  navLink(): Locator {
    return this.page.getByRole('navigation', { name: 'Duties' }).getByRole('link', {
      name: /^Approvals/,
    });
  }

  /** The queue row of a request, found by text it shows (maker, amount). */
  row(...texts: string[]): Locator {
    let row = this.queue.getByRole('row');
    for (const text of texts) row = row.filter({ hasText: text });
    return row;
  }

  whatWillBeSent(): Locator {
    return this.page.getByRole('region', { name: 'What will be sent' });
  }

  exactBody(): Locator {
    return this.whatWillBeSent().getByLabel('Exact body');
  }

  button(name: 'Approve' | 'Reject' | 'Cancel request'): Locator {
    return this.page.getByRole('main').getByRole('button', { name, exact: true });
  }

  /** The confirmation Approve opens: what is approved, what follows, an optional comment. */
  approveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve the request?' });
  }

  /** Approves through the confirmation, with a comment for the trail when one is given. */
  async approve(comment?: string): Promise<void> {
    await this.button('Approve').click();
    const dialog = this.approveDialog();
    if (comment !== undefined) await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Rejects through the reason dialog. */
  async reject(reason: string): Promise<void> {
    await this.button('Reject').click();
    const dialog = this.page.getByRole('dialog', { name: 'Reject the request' });
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
