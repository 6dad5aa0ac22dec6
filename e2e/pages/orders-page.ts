import { expect, type Locator, type Page } from '@playwright/test';

/** Orders placed through the console, newest first, with filters and a detail page each. */
export class OrdersPage {
  readonly table: Locator;
  readonly filters: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Orders' });
    this.filters = page.getByRole('search', { name: 'Filter orders' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/orders');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  }

  rows(): Locator {
    return this.table.getByRole('rowgroup').last().getByRole('row');
  }

  async filter(label: 'Status' | 'Side' | 'Market' | 'Order type', option: string): Promise<void> {
    await this.filters.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async clearFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear filters' }).click();
  }

  /** Opens the detail page of the order in the given row. */
  async open(row: Locator): Promise<void> {
    await row.getByRole('link', { name: /^Open order placed/ }).click();
  }
}
