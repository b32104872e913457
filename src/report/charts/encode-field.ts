import type { ChartField } from './chart-field.ts';

/** Vega-Lite reads "a.b" and "a[0]" as nested access; a report row's keys are flat. */
export function fieldRef(field: string): string {
  return field.replace(/[.[\]\\]/g, (c) => `\\${c}`);
}

/** `datum["field"]` for a Vega expression. */
export function datumRef(field: string): string {
  return `datum[${JSON.stringify(field)}]`;
}

/** A position channel (x, y) with its axis. */
export function positionDef<Row extends object>(
  f: ChartField<Row>,
  defaultType: 'quantitative' | 'ordinal' | 'nominal',
) {
  const type = f.type ?? defaultType;
  return {
    field: fieldRef(f.field),
    type,
    ...sortDef(f, type),
    ...scaleDef(f),
    axis: {
      title: f.title,
      ...(f.format ? { format: f.format } : {}),
      ...(f.labelExpr ? { labelExpr: f.labelExpr } : {}),
      ...(type === 'quantitative' && f.format === 'd' ? { tickMinStep: 1 } : {}),
    },
  };
}

/** A legend channel (colour, dash…) with its legend. */
export function legendDef<Row extends object>(
  f: ChartField<Row>,
  defaultType: 'quantitative' | 'ordinal' | 'nominal',
  extraScale: Record<string, unknown> = {},
) {
  const type = f.type ?? defaultType;
  const scale = { ...scaleDef(f).scale, ...extraScale };
  return {
    field: fieldRef(f.field),
    type,
    ...sortDef(f, type),
    ...(Object.keys(scale).length ? { scale } : {}),
    legend: {
      title: f.title,
      ...(f.format ? { format: f.format } : {}),
      ...(f.labelExpr ? { labelExpr: f.labelExpr } : {}),
    },
  };
}

function sortDef<Row extends object>(f: ChartField<Row>, type: string) {
  if (type === 'quantitative' || !f.sort) return {};
  return { sort: f.sort === 'data' ? null : f.sort };
}

function scaleDef<Row extends object>(
  f: ChartField<Row>,
): { scale?: { domain: number[] | string[] } } {
  return f.domain ? { scale: { domain: [...f.domain] as number[] | string[] } } : {};
}

/** The chart title: the question it answers, and an optional smaller line under it. */
export function titleDef(title: string, subtitle?: string) {
  return subtitle ? { text: title, subtitle } : { text: title };
}
