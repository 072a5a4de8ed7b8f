import type { ReactNode } from 'react';
import styles from './report-table.module.css';

export interface ReportColumn<TRow> {
  readonly header: string;
  readonly cell: (row: TRow) => ReactNode;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
}

export interface ReportTableProps<TRow> {
  readonly id: string;
  readonly title: string;
  /** The first column heads each row (`<th scope="row">`). */
  readonly columns: readonly ReportColumn<TRow>[];
  readonly rows: readonly TRow[];
  readonly rowKey: (row: TRow) => string;
  readonly emptyText: string;
}

/** A titled table of the report; on a narrow phone it scrolls sideways rather than widening the page. */
export function ReportTable<TRow>({
  id,
  title,
  columns,
  rows,
  rowKey,
  emptyText,
}: ReportTableProps<TRow>) {
  const headingId = `${id}-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={id}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={column.numeric ? styles.numeric : undefined}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.header} scope="row">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.header}
                        className={column.numeric ? styles.numeric : undefined}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
