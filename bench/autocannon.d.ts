// The package ships no types; only the part of its programmatic API the harness uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Requests to send; overrides duration. */
    amount?: number;
    requests?: {
      method?: Options['method'];
      path?: string;
      setupRequest?: (request: { body?: string; [key: string]: unknown }) => unknown;
    }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Bytes of the 2xx responses; `total` is the run's sum. */
    throughput: Histogram & { total: number };
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
