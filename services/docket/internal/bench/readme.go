package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

// readme is docs/bench/README.md, written by every run: how the run was
// made, on which machine, its results and where the rest is.
var readme = template.Must(template.New("readme").Parse(`# Docket benchmarks

Written by ` + "`make bench`" + ` (services/docket/internal/bench, BenchmarkPipeline); do not edit by hand.
Analysis of the CPU profiles, and what was changed because of them: [FINDINGS.md](FINDINGS.md).

## Machine of this run

| | |
|---|---|
| CPU | {{.Machine.CPU}} |
| cores | {{.Machine.Cores}} |
| memory | {{.Machine.MemoryMiB}} MiB |
| OS, kernel | {{.Machine.OS}}, {{.Machine.Kernel}} |
| Go | {{.Machine.GoVersion}} |
| brokers | {{range $i, $r := .Runs}}{{if $i}}, then {{end}}{{$r.Broker}}{{end}} |

The machine is shared (other builds and tests run beside the benchmark), so
absolute figures are noisy: compare the ratios within one run, not figures
across runs.

## What is measured

Everything below is measured on each broker in turn, in one run, with its own
stack (services, Redis, registry) started afresh and stopped before the next:

- **kfake**: franz-go's in-process imitation, in the benchmark's process,
  over loopback TCP (one broker);
- **kafka**: a real Apache Kafka cluster (pkg/kafkacluster): three KRaft
  JVMs on loopback, replication factor 3, min ISR 2, the transaction and
  offsets logs alike. The services and the raw chain's hops reach it on its
  SASL_SSL listener (TLS, SCRAM-SHA-512, as the admin user), as a deployment
  would; the harness's feeders and follower on PLAINTEXT. Smaller sizes
  (DOCKET_BENCH_KAFKA_*, below) keep the run short. The real engines (3.)
  run on kfake only.

DOCKET_BENCH_BROKERS picks the brokers (default ` + "`kfake,kafka`" + `).
Compare the raw chain and Docket within a broker: the ratio is the figure.

1. **Raw ceiling.** A bare franz-go chain of 5 transactional
   consume→produce hops (one ` + "`GroupTransactSession`" + ` per hop, 500 records per
   poll, read-committed) on the same broker as Docket, 1 KiB records it
   never reads: peak records/s through the whole chain (records fed in
   bulk, after a tenth as many unmeasured: the real cluster's JVMs start
   cold), then produce→consume latency at the fixed rate.
2. **Reference pipeline** (issue 18; ` + "`ref_test.go`" + `). The work Docket does,
   without Docket: the same topology (requested → submitted → extracted →
   classified → recorded) as four transactional consume→produce hops on
   bare franz-go (` + "`GroupTransactSession`" + `, 500 records per poll), every event
   Avro-decoded and encoded through franz-go's ` + "`sr.Serde`" + ` with hamba/avro
   under the registry's ids for the real event schemas, a duplicate guard
   per event in the same redis-server (one ` + "`MGET`" + ` per batch, then pipelined
   ` + "`SET NX PX`" + `), and a projection that reads every workflow event
   read-committed, as the saga tracker does, and writes one Redis hash per
   event with the consumed offsets in one ` + "`MULTI`" + ` per batch. No business
   logic: outputs are built by mapping fields. Fed in bulk with as many
   workflows as Docket's peak, on the same broker, in the same run, before
   Docket's services start; each workflow must be recorded exactly once.
3. **Platform overhead.** Every service (ingest, ocr, classifier, ledger,
   exception, sagatracker) as its own process, with the no-op engines
   (` + "`DOCKET_OCR_ENGINE=noop`, `DOCKET_CLASSIFIER_ENGINE=noop`" + `), real Redis, the
   schema registry, file blob store; ingest reads status from the tracker
   (` + "`DOCKET_TRACKER_ADDR`" + `), as deployed. Fed (a) in bulk on
   ` + "`docket.document.requested`" + ` (serde-encoded requests for 1 KiB text blobs
   stored beforehand) and (b) through ` + "`POST /v1/documents`" + ` (16 concurrent
   clients). Workflows/s is workflows recorded divided by the time from the
   first submission to the last ` + "`docket.document.recorded`" + `; latency is
   submission to the recorded event read back (read-committed) at the fixed
   rate: the lower of DOCKET_BENCH_RATE and half the measured peak. CPU is
   utime+stime of every process over the no-op runs (the raw chain's and
   the reference's runs left out): each service, redis-server, the real
   cluster's three JVMs (one row each and their sum; on kfake the broker is
   in the harness row) and the harness; peak RSS is VmHWM.
4. **Cost per workflow** (` + "`bench cost:`" + ` for Docket, ` + "`bench cost ref:`" + ` for the
   reference), over each one's bulk run fed by requested: the CPU of every
   process (services, redis-server, broker JVMs, the harness with kfake,
   the feeder and the reader of the outputs: Docket's follower decodes
   every workflow event, the reference's reader only the recorded ones);
   Redis commands (` + "`total_commands_processed`" + `, the commands Lua scripts run
   included) and round trips (` + "`total_reads_processed`" + `: one per read event,
   so a pipeline counts once unless it outgrows redis-server's 16 KiB read
   buffer) from INFO before and after; Kafka transactions and data records
   produced from the services' metrics
   (` + "`docket_runtime_transactions_total`" + `, ` + "`docket_kafka_produce_records_total`" + `)
   or the reference's own counts. Docket's window also holds the CPU
   profiles taken during its peak (below).
5. **Stages.** Each step's time from its input record to its output
   record (records' timestamps), and at the fixed rate its split as the
   service sees it: queue age (input event's occurred_at to the start of
   its handling) and processing (the handler), from the services'
   histograms over that run; the rest of a step is its output's way out
   (marks, flush, commit).
6. **Real engines.** The bundled sample documents (every format, each with its
   own reference number so nothing is served from OCR's cache) through
   Tesseract and the built-in classifier; reviews are approved at once by the
   harness. Stages are measured from the records' timestamps (input event to
   output event: queue age and processing together); the bottleneck is the
   stage with the largest median.
7. The idempotency store's Claim+Complete ops/s and the other ` + "`bench …:`" + ` lines
   of the same ` + "`make bench`" + ` run, when present.

## Results

{{.Table}}Summary lines:

{{range .SummaryLines}}    {{.}}
{{end}}
Charts (SVG; PNG beside each): [throughput](throughput.svg){{range .LatencyCharts}}, [{{.Title}}]({{.File}}.svg){{end}}.
Data: [results.json](results.json), [results.csv](results.csv). CPU profiles of every service and of the
harness (kfake, registry, feeder, follower), taken for DOCKET_BENCH_PROFILE_SECONDS during Docket's peak on kfake:
[profiles/](profiles/) (` + "`<name>.pprof`" + `, explore with ` + "`go tool pprof -http=: docs/bench/profiles/ocr.pprof`" + `;
` + "`<name>-top.txt`" + ` holds the top functions).

![throughput](throughput.png)
{{range .LatencyCharts}}
![{{.Title}}]({{.File}}.png)
{{end}}
## Reproduce

` + "```sh" + `
apt-get install redis-server tesseract-ocr tesseract-ocr-eng poppler-utils default-jre-headless maven
make kafka-fetch                # the Apache Kafka jars deploy/kafka/pom.xml pins, once
make bench                      # every benchmark, then this one on kfake and on the real cluster; 15 to 30 minutes on 2 cores
# or this one alone, smaller, on one broker:
cd services/docket && DOCKET_BENCH_BROKERS=kfake DOCKET_BENCH_WORKFLOWS=1000 DOCKET_BENCH_OUT=$PWD/../../docs/bench \
  go test -run '^$' -bench BenchmarkPipeline -benchtime 1x -timeout 60m ./internal/bench/
` + "```" + `

| setting | default | meaning |
|---|---|---|
| DOCKET_BENCH_BROKERS | kfake,kafka | the brokers to measure on, in this order (kfake, kafka or both) |
| DOCKET_BENCH_PARTITIONS | 4 | partitions of every topic, raw chain and Docket alike |
| DOCKET_BENCH_RAW_RECORDS | 20000 | records fed to the raw chain for its peak |
| DOCKET_BENCH_WORKFLOWS | 3000 | workflows fed on docket.document.requested for the peak, and to the reference pipeline |
| DOCKET_BENCH_HTTP_WORKFLOWS | 1500 | workflows posted for the HTTP peak |
| DOCKET_BENCH_KAFKA_RAW_RECORDS | the lower of DOCKET_BENCH_RAW_RECORDS and 10000 | the same, on the real cluster |
| DOCKET_BENCH_KAFKA_WORKFLOWS | the lower of DOCKET_BENCH_WORKFLOWS and 1000 | the same, on the real cluster |
| DOCKET_BENCH_KAFKA_HTTP_WORKFLOWS | the lower of DOCKET_BENCH_HTTP_WORKFLOWS and 300 | the same, on the real cluster |
| DOCKET_BENCH_HTTP_CLIENTS | 16 | concurrent posters for the HTTP peak |
| DOCKET_BENCH_RATE | 1000 | fixed rate cap for the latency runs (halved peak when lower) |
| DOCKET_BENCH_LATENCY_SECONDS | 10 | length of each fixed-rate run |
| DOCKET_BENCH_ENGINE_DOCS | 24 | sample documents through the real engines, on kfake (0 skips) |
| DOCKET_BENCH_ENGINE_TIMEOUT_SECONDS | 480 | bound of the real-engine run |
| DOCKET_BENCH_PROFILE_SECONDS | 5 | CPU profile of each service and the harness during the peak on kfake (0 skips) |
| DOCKET_BENCH_OUT | (none) | folder for this README, results, charts and the CPU profiles |
| DOCKET_BENCH_PROFILE_DIR | DOCKET_BENCH_OUT/profiles | folder for the CPU profiles themselves (their top functions go to DOCKET_BENCH_OUT/profiles) |
| DOCKET_BENCH_INPUTS | (none) | folder of the other benchmarks' outputs (make bench: build/bench) |

The services serve net/http/pprof on their ops address with ` + "`DOCKET_PPROF=1`" + `
(off by default).
`))

// WriteReadme writes README.md into dir.
func (rep *Report) WriteReadme(dir string) error {
	var table strings.Builder
	if err := rep.WriteTable(&table); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "README.md"))
	if err != nil {
		return fmt.Errorf("create README: %w", err)
	}
	data := struct {
		*Report
		Table         string
		LatencyCharts []chart
	}{rep, table.String(), rep.latencyCharts()}
	if err := readme.Execute(f, data); err != nil {
		_ = f.Close()
		return fmt.Errorf("write README: %w", err)
	}
	return f.Close()
}
