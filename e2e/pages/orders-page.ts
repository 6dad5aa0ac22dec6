import { expect, type Locator, type Page } from '@playwright/test';

/** The service's orders, newest first, with filters, cursor paging and a page per order. */
export class OrdersPage {
  readonly table: Locator;
  readonly filters: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Orders' });
    this.filters = page.getByRole('search', { name: 'Filter orders' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/orders${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  }

  /** The orders shown: the table's body rows, or on a phone the cards the table becomes. */
  rows(): Locator {
    return this.table
      .getByRole('rowgroup')
      .last()
      .getByRole('row')
      .or(this.page.getByRole('list', { name: 'Orders' }).getByRole('listitem'));
  }

  /** The order ids of the rows shown, in order. */
  async ids(): Promise<string[]> {
    const labels = await this.table.getByRole('link', { name: /^Open order / }).all();
    return Promise.all(
      labels.map(async (l) =>
        ((await l.getAttribute('aria-label')) ?? '').replace('Open order ', ''),
      ),
    );
  }

  async filter(label: 'Status' | 'Side' | 'Market' | 'Profile', option: string): Promise<void> {
    await this.filters.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async clearFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear filters' }).click();
  }

  loadMore(): Locator {
    return this.page.getByRole('button', { name: 'Load more' });
  }

  /** Opens the page of the order in the given row. */
  async open(row: Locator): Promise<void> {
    await row.getByRole('link', { name: /^Open order / }).click();
  }
}
