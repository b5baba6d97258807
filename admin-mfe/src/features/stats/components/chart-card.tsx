import { useId, type ReactNode } from 'react';

export interface ChartTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface ChartCardProps {
  title: string;
  /** One or two sentences saying what the chart shows; read by everyone, and the chart's accessible name. */
  summary: string;
  /** The chart's numbers for screen readers, in a table they can walk through. */
  table: ChartTable;
  children: ReactNode;
  className?: string;
}

/** A chart with a heading, a written summary and a visually hidden data table. */
export function ChartCard({ title, summary, table, children, className = '' }: ChartCardProps) {
  const id = useId();
  return (
    <section className={`card chart-card ${className}`.trim()} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="chart-card__title">
        {title}
      </h2>
      <figure className="chart-card__figure">
        {/* The drawing itself is one image to assistive technology; the table below carries the numbers. */}
        <div className="chart-card__plot" role="img" aria-label={`${title}. ${summary}`}>
          {children}
        </div>
        <figcaption className="chart-card__summary">{summary}</figcaption>
      </figure>
      <table className="visually-hidden">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
