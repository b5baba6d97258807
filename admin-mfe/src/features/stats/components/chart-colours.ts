import type { OrderStatus } from '@thalir/contracts';

/*
 * SVG fills cannot read the CSS tokens, so the chart colours repeat them here (libs/ui tokens.css).
 * Status colours follow the status badges (delivered green, cancelled red, processing blue,
 * shipped purple, pending yellow) in stronger shades that stand out on white.
 */
export const CHART_COLOURS = {
  leaf: '#2f7d5b',
  leafStrong: '#1f5a41',
  rose: '#c0244f',
  grid: '#e6ddd0',
  axis: '#5f5f5a',
} as const;

export const STATUS_COLOURS: Record<OrderStatus, string> = {
  delivered: '#1f7a3f',
  cancelled: '#c62828',
  processing: '#2563c9',
  shipped: '#7c3aed',
  pending: '#d9a521',
};
