import { CHART_COLOURS } from './chart-colours';

/** Shared look of the axes: muted small ticks, no tick marks, a light base line. */
export const AXIS_TICK = { fill: CHART_COLOURS.axis, fontSize: 12 } as const;
export const AXIS_LINE = { stroke: CHART_COLOURS.grid } as const;
export const CHART_MARGIN = { top: 8, right: 16, bottom: 0, left: 0 } as const;
