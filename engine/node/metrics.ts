// GET /metrics in Prometheus' text format, through prom-client (loaded only by the server, and only when
// it is installed): requests by operation and status, a latency histogram, packs loaded, memory (the
// default process metrics), rate-limit rejections and Redis errors. With several workers, the primary
// gathers every worker's registry into one answer (prom-client's AggregatorRegistry), so a scrape of the
// shared port sees the whole server.
import cluster from 'node:cluster';

export interface ServerMetrics {
  request(operation: string, status: number, seconds: number): void;
  rejection(): void;
  redisError(): void;
  /** a request the client ended or spoiled: a body cut off, a stalled reader, a request Node's parser refused */
  clientFault?(kind: string): void;
  /** a large answer refused with 503 because the memory for large answers was spent */
  busy?(): void;
  /** the exposition text, gathered across workers when there are several */
  exposition(): Promise<{ contentType: string; body: string }>;
}

type PromClient = typeof import('prom-client');

async function loadPromClient(): Promise<PromClient | undefined> {
  try {
    return await import('prom-client');
  } catch {
    return undefined;
  }
}

/** What the answer budget holds now (answer-budget.ts), or undefined before the server runs. */
type AnswerBudgetReading = () => { reserved: number; taken: number; waiting: number } | undefined;

/** Requests by operation and status, their latency, and the packs loaded: what every request touches. */
function registerRequestMetrics(prom: PromClient, loadedPacks: () => number) {
  const requests = new prom.Counter({
    name: 'bible_requests_total',
    help: 'API requests by operation and status',
    labelNames: ['operation', 'status'] as const,
  });
  const latency = new prom.Histogram({
    name: 'bible_request_duration_seconds',
    help: 'Time to answer an API request',
    labelNames: ['operation'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  new prom.Gauge({
    name: 'bible_packs_loaded',
    help: 'Packs this process has loaded',
    collect() {
      this.set(loadedPacks());
    },
    aggregator: 'max',
  });
  return { requests, latency };
}

/** Counters of requests refused or spoiled: over budget, Redis failures, client faults, busy answers. */
function registerRefusalCounters(prom: PromClient) {
  const rejections = new prom.Counter({
    name: 'bible_rate_limit_rejections_total',
    help: "Requests refused with 429 over a key's budget",
  });
  const redisErrors = new prom.Counter({
    name: 'bible_redis_errors_total',
    help: 'Rate-limit requests that Redis failed',
  });
  const clientFaults = new prom.Counter({
    name: 'bible_client_faults_total',
    help: 'Requests the client ended or spoiled: body-aborted, write-timeout, malformed, request-timeout, ...',
    labelNames: ['kind'] as const,
  });
  const busy = new prom.Counter({
    name: 'bible_busy_total',
    help: 'Answers refused with 503 while the memory for answers was spent, or beyond the connection cap',
  });
  return { rejections, redisErrors, clientFaults, busy };
}

/** Gauges of the memory budget for answers, read when scraped. */
function registerAnswerBudgetGauges(prom: PromClient, answerBudget: AnswerBudgetReading | undefined): void {
  new prom.Gauge({
    name: 'bible_answer_bytes_reserved',
    help: 'Expected bytes of the large answers being written now, and of request bodies being read',
    collect() {
      this.set(answerBudget?.()?.reserved ?? 0);
    },
  });
  new prom.Gauge({
    name: 'bible_small_answer_bytes_held',
    help: 'Bytes of small answers not yet handed to their sockets (the budget headroom they share)',
    collect() {
      this.set(answerBudget?.()?.taken ?? 0);
    },
  });
  new prom.Gauge({
    name: 'bible_answers_waiting',
    help: 'Large answers waiting for room in the memory budget',
    collect() {
      this.set(answerBudget?.()?.waiting ?? 0);
    },
  });
}

/** The Redis failure policy in force, as a gauge of 1 labelled with it. */
function registerRedisPolicy(prom: PromClient, redisPolicy: string): void {
  new prom.Gauge({
    name: 'bible_redis_failure_policy',
    help: 'What happens when Redis is unreachable: 1 for the policy in force',
    labelNames: ['policy'] as const,
    aggregator: 'max',
  }).set({ policy: redisPolicy }, 1);
}

/** The exposition text: this process's registry, or in a worker every worker's, gathered by the primary. */
async function exposition(registry: PromClient['register']): Promise<{ contentType: string; body: string }> {
  if (cluster.isWorker) return { contentType: registry.contentType, body: await askPrimary() };
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Metrics for one server process; undefined when prom-client is not installed (GET /metrics then says so). */
export async function createMetrics(
  loadedPacks: () => number,
  redisPolicy: string | undefined,
  answerBudget?: AnswerBudgetReading,
): Promise<ServerMetrics | undefined> {
  const prom = await loadPromClient();
  if (!prom) return undefined;
  const registry = prom.register;
  registry.clear();
  // A worker answers the primary's requests for its metrics once an AggregatorRegistry exists in it.
  if (cluster.isWorker) new prom.AggregatorRegistry();
  prom.collectDefaultMetrics({ register: registry });
  // Registered in this order, which is the order of the exposition text.
  const { requests, latency } = registerRequestMetrics(prom, loadedPacks);
  const { rejections, redisErrors, clientFaults, busy } = registerRefusalCounters(prom);
  registerAnswerBudgetGauges(prom, answerBudget);
  if (redisPolicy) registerRedisPolicy(prom, redisPolicy);
  return {
    request: (operation, status, seconds) => {
      requests.inc({ operation, status: String(status) });
      latency.observe({ operation }, seconds);
    },
    rejection: () => rejections.inc(),
    redisError: () => redisErrors.inc(),
    clientFault: (kind) => clientFaults.inc({ kind }),
    busy: () => busy.inc(),
    exposition: () => exposition(registry),
  };
}

// A worker asks the primary for the gathered metrics.
let nextRequest = 0;
function askPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = nextRequest++;
    const timer = setTimeout(() => {
      process.off('message', listener);
      reject(new Error('the primary did not answer with metrics'));
    }, 5_000);
    const listener = (message: { bible?: string; id?: number; body?: string }) => {
      if (message?.bible !== 'metrics-answer' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listener);
      resolve(message.body ?? '');
    };
    process.on('message', listener);
    process.send!({ bible: 'metrics', id });
  });
}

/** In the primary: answers a worker's request for metrics with every worker's, aggregated. */
export async function serveMetricsToWorkers(): Promise<void> {
  const prom = await loadPromClient();
  if (!prom) return;
  const aggregator = new prom.AggregatorRegistry();
  cluster.on('message', (worker, message: { bible?: string; id?: number }) => {
    if (message?.bible !== 'metrics') return;
    aggregator.clusterMetrics().then(
      (body) => {
        if (worker.isConnected()) worker.send({ bible: 'metrics-answer', id: message.id, body });
      },
      (error: unknown) => {
        if (worker.isConnected())
          worker.send({
            bible: 'metrics-answer',
            id: message.id,
            body: `# metrics could not be gathered: ${String(error)}\n`,
          });
      },
    );
  });
}
