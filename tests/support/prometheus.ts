/**
 * Reading metrics as Prometheus would: the text format parsed by an independent parser (not prom-client's own
 * code), so a malformed exposition fails the test.
 */
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { PrometheusFamily } from "parse-prometheus-text-format";

export type Metrics = Map<string, PrometheusFamily>;

export function parseMetrics(text: string): Metrics {
  return new Map(
    parsePrometheusTextFormat(text).map((family) => [family.name, family]),
  );
}

/** The sum of a counter's samples whose labels include `labels` (0 when there are none). */
export function counterSum(
  metrics: Metrics,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = metrics.get(name);
  if (!family) return 0;
  return family.metrics
    .filter((sample) =>
      Object.entries(labels).every(
        ([key, value]) => sample.labels?.[key] === value,
      ),
    )
    .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
}
