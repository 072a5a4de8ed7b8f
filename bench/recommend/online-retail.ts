/** Loads the Online Retail fixtures (CC BY 4.0, Chen, Sain & Guo 2012; see bench/fixtures/recommend/README.md). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesFolder = join(
  dirname(fileURLToPath(import.meta.url)),
  '../fixtures/recommend',
);

/**
 * The baskets file lists invoices sorted by invoice number as text: the 22,061 sales invoices (in date order),
 * then the 3 `A…` bad-debt adjustments (one `B` line each), then the 3,836 `C…` cancellations.
 */
export const salesInvoiceCount = 22_061;

/** Real products have StockCodes starting with a digit; POST, DOT, M, C2, BANK CHARGES, gift_…, DCGS… do not. */
export function isProductCode(code: string): boolean {
  return /^\d/.test(code);
}

/** The sales baskets, in invoice order: product codes only, each once, empty baskets dropped. */
export function loadSalesBaskets(): string[][] {
  const lines = readFileSync(join(fixturesFolder, 'baskets_all_invoices.csv'), 'utf8').split(
    /\r?\n/,
  );
  if (lines[salesInvoiceCount] !== 'B' || lines[salesInvoiceCount - 1] === 'B') {
    throw new Error(`expected the adjustments block to start at line ${salesInvoiceCount + 1}`);
  }
  return lines
    .slice(0, salesInvoiceCount)
    .map((line) => [...new Set(line.split(',').filter(isProductCode))])
    .filter((basket) => basket.length > 0);
}

/** One dated order line. */
export interface OrderLine {
  readonly invoice: string;
  readonly stockCode: string;
  /** ms since the epoch, the file's local time read as UTC. */
  readonly timestamp: number;
  readonly customer: string;
}

/** The dated sample's sales lines (cancellations, adjustments, non-products and returns dropped), by time. */
export function loadOrderLines(): OrderLine[] {
  const [header, ...rows] = readFileSync(join(fixturesFolder, 'transactions_sample40k.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map(splitCsvLine);
  const column = (name: string) => {
    const index = header?.indexOf(name) ?? -1;
    if (index < 0) throw new Error(`transactions_sample40k.csv has no ${name} column`);
    return index;
  };
  const [invoice, code, quantity, date, customer] = [
    'InvoiceNo',
    'StockCode',
    'Quantity',
    'InvoiceDate',
    'CustomerID',
  ].map(column);
  return rows
    .map((row) => ({
      invoice: row[invoice!] ?? '',
      stockCode: row[code!] ?? '',
      quantity: Number(row[quantity!]),
      timestamp: Date.parse(`${(row[date!] ?? '').replace(' ', 'T')}:00Z`),
      customer: row[customer!] ?? '',
    }))
    .filter(
      (line) => /^\d/.test(line.invoice) && isProductCode(line.stockCode) && line.quantity > 0,
    )
    .filter((line) => Number.isFinite(line.timestamp))
    .map(({ invoice: id, stockCode, timestamp, customer: buyer }) => ({
      invoice: id,
      stockCode,
      timestamp,
      customer: buyer,
    }))
    .sort(
      (a, b) =>
        a.timestamp - b.timestamp || (a.invoice < b.invoice ? -1 : a.invoice > b.invoice ? 1 : 0),
    );
}

/** Splits one CSV line: commas, double-quoted fields with `""` escapes. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}
