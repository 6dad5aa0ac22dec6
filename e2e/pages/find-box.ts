import { expect, type Locator, type Page } from '@playwright/test';

/** The one search box: in the header on a desktop, on its own page (`/find`) on a phone. */
export class FindBox {
  constructor(private readonly page: Page) {}

  /** The header's box, or the page's on a phone (reached from the header's button). */
  async input(): Promise<Locator> {
    const inHeader = this.page
      .getByRole('banner')
      .getByRole('textbox', { name: 'Find by id, reference id, hash, address or nickname' });
    if (await inHeader.isVisible()) return inHeader;
    await this.page.getByRole('banner').getByRole('link', { name: 'Find a record' }).click();
    const onPage = this.page
      .getByRole('main')
      .getByRole('textbox', { name: 'Find by id, reference id, hash, address or nickname' });
    await expect(onPage).toBeVisible();
    return onPage;
  }

  /** Pastes `text` and presses Enter, as an operator does. */
  async find(text: string): Promise<void> {
    const box = await this.input();
    await box.fill(text);
    await box.press('Enter');
  }

  results(): Locator {
    return this.page.getByRole('list', { name: 'Records found' });
  }
}
