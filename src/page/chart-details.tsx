import { useState } from 'preact/hooks';
import type { TopLevelSpec } from 'vega-lite';
import { VegaChart } from './vega-chart.tsx';

/** Props of {@link ChartDetails}. */
export interface ChartDetailsProps {
  readonly summary: string;
  readonly spec: TopLevelSpec;
  /** What the chart shows, for screen readers. */
  readonly label: string;
  /** Open from the start (default: closed, the chart drawn when opened). */
  readonly open?: boolean;
  /** On a phone, the plot's height as a share of its width. */
  readonly aspect?: number;
}

/** A chart under a disclosure: drawn (and the chart library loaded) only while it is open. */
export function ChartDetails({
  summary,
  spec,
  label,
  open: initiallyOpen = false,
  aspect,
}: ChartDetailsProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      class="chart-details"
      open={initiallyOpen}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{summary}</summary>
      {open ? <VegaChart spec={spec} label={label} {...(aspect ? { aspect } : {})} /> : null}
    </details>
  );
}
