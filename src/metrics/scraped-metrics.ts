/**
 * Metrics whose values are read from elsewhere at each scrape (prom-client's
 * own kinds keep their values, and a labelless one always shows a 0): what
 * is not known is left out, never shown as a zero.
 */
import type { LabelValues, Metric, Registry } from 'prom-client';

type Values = readonly { labels: Record<string, string | number>; value: number }[];

/** Labelled values read at a scrape; a value not known (null or undefined) is left out. */
export type LabelledValues<L extends string = string> = readonly (readonly [
  LabelValues<L>,
  number | null | undefined,
])[];

/**
 * One value per item (an account's figures), labelled with the item's
 * `account` and any labels of its own; items whose value is not known are
 * left out.
 */
export function byAccount<T extends { account: string }>(
  items: readonly T[],
  pick: (item: T) => number | null | undefined,
): LabelledValues<'account'> {
  return items.map((item) => [{ account: item.account }, pick(item)] as const);
}

/** Seconds (epoch) of an epoch-ms time. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * `read` once per scrape: prom-client asks every metric for its values in one
 * synchronous pass, so what was read is kept until that pass is over (a
 * microtask) and the twenty-odd metrics read from one source share one
 * reading of it, taken at one moment. The next scrape reads afresh.
 */
export function oncePerScrape<T>(read: () => T): () => T {
  let kept: { value: T } | undefined;
  return () => {
    if (!kept) {
      kept = { value: read() };
      queueMicrotask(() => {
        kept = undefined;
      });
    }
    return kept.value;
  };
}

export class ScrapedMetrics {
  constructor(private readonly registry: Registry) {}

  /** A metric whose values are read at each scrape. */
  collected(
    name: string,
    help: string,
    type: 'gauge' | 'counter',
    read: () => Values | Promise<Values>,
  ): void {
    const metric = {
      name,
      async get() {
        const values = (await read()).filter((v) => Number.isFinite(v.value));
        return { name, help, type, aggregator: 'sum', values };
      },
    };
    this.registry.registerMetric(metric as unknown as Metric<string>);
  }

  /** A gauge set from a value read at scrape time; absent while the value is unknown. */
  gauge(name: string, help: string, read: () => number | null | undefined): void {
    this.collected(name, help, 'gauge', () => {
      const v = read();
      return v === null || v === undefined ? [] : [{ labels: {}, value: v }];
    });
  }

  /** A gauge with labels, set from values read at scrape time. */
  labelledGauge<L extends string>(name: string, help: string, read: () => LabelledValues<L>): void {
    this.collected(name, help, 'gauge', () => known(read()));
  }

  /** A counter mirroring a total kept elsewhere (it only grows there). */
  total<L extends string>(name: string, help: string, read: () => LabelledValues<L>): void {
    this.collected(name, help, 'counter', () => known(read()));
  }

  /**
   * A histogram whose buckets are counted elsewhere (cumulative counts per
   * upper bound, then +Inf): prom-client's own Histogram can only observe.
   */
  mirroredHistogram(
    name: string,
    help: string,
    read: () => readonly {
      labels: Record<string, string>;
      bounds: readonly number[];
      counts: readonly number[];
      sum: number;
      count: number;
    }[],
  ): void {
    const metric = {
      name,
      async get() {
        const values: { value: number; labels: Record<string, string | number>; metricName: string }[] = [];
        for (const h of read()) {
          h.bounds.forEach((le, i) => {
            values.push({
              value: h.counts[i] ?? 0,
              labels: { ...h.labels, le },
              metricName: `${name}_bucket`,
            });
          });
          values.push({ value: h.count, labels: { ...h.labels, le: '+Inf' }, metricName: `${name}_bucket` });
          values.push({ value: h.sum, labels: h.labels, metricName: `${name}_sum` });
          values.push({ value: h.count, labels: h.labels, metricName: `${name}_count` });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    };
    this.registry.registerMetric(metric as unknown as Metric<string>);
  }
}

function known<L extends string>(values: LabelledValues<L>): Values {
  return values.flatMap(([labels, value]) =>
    value === null || value === undefined
      ? []
      : [{ labels: labels as Record<string, string | number>, value }],
  );
}
