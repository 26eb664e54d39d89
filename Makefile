# Docket — make run · make test · make test-short · make lint · make bench · make proto · make schemas · make helm
SHELL := /bin/bash
GO ?= go
GOBIN := $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.8.2
UNIT_MODULES := pkg $(patsubst %/go.mod,%,$(wildcard schemas/go.mod proto/go.mod services/*/go.mod))
# deploy/manifests (chart checks) is linted with the others and tested by make helm
MODULES := $(UNIT_MODULES) deploy/manifests
# every module's packages, as one go.work pattern list (the workspace root is no module, so ./... does not work there)
MODULE_PACKAGES := $(addprefix ./,$(addsuffix /...,$(MODULES)))
HELM_VERSION := v3.22.0
HELM := $(shell command -v helm 2>/dev/null || echo $(GOBIN)/helm)
CHARTS := ingest ocr classifier ledger sagatracker exception console docket
DATA ?= ./data

.PHONY: eval eval-full kafka-up kafka-down kafka-fetch chaos-kafka compose-check run test test-short fuzz verify unit lint vet fmt-check staticcheck bench schemas schemas-check proto proto-check model tools clean helm helm-tool chaos

## run: start the embedded stack and every service in one process; ports: KAFKA_PORT, REGISTRY_PORT, INGEST_PORT, TRACKER_PORT, EXCEPTION_PORT, LEDGER_PORT, CONSOLE_PORT, METRICS_PORT (the first of seven), PORT_OFFSET (added to every default port); any other flag of docket run in RUN_FLAGS
# (built, then exec'd: under `go run`, Ctrl-C made make report "Error 1"
# though docket had stopped cleanly with status 0)
run:
	cd services/docket && $(GO) build -o $(abspath bin)/docket ./cmd/docket && exec $(abspath bin)/docket run --data $(abspath $(DATA)) $(strip $(RUN_PORT_FLAGS) $(RUN_FLAGS))

RUN_FLAGS ?=
# docket run's address flags from the port variables (127.0.0.1 and the port)
RUN_PORT_FLAGS = $(foreach v,KAFKA REGISTRY INGEST TRACKER EXCEPTION LEDGER CONSOLE METRICS,$(if $($(v)_PORT), --$(shell echo $(v) | tr A-Z a-z) 127.0.0.1:$($(v)_PORT)))$(if $(PORT_OFFSET), --port-offset $(PORT_OFFSET))

## test: lint, check generated code, run every test (crash and end-to-end tests included, and the chaos suite at 200 workflows and 6 kills), the reduced evaluation (make eval), short fuzz runs, chart checks
test: lint schemas-check unit eval fuzz helm compose-check

## test-short: the edit-test loop: gofmt, go vet and go test -short over every module, with cached results reused; the crash, restart, end-to-end, chaos and process tests, the OCR layout tests that read scans for tens of seconds each, the retraining test, fuzzing, staticcheck and the chart checks are left to make test
# -p 4: the integration tests mostly wait on kfake and Redis (about 70% of two cores at -p 4), so four test binaries at once halve the wall time;
# -vet=off: go vet has just run every analyzer, go test would repeat a subset;
# -timeout 10m: a package's bound, not its time: the classifier's model tests train on the corpus, CPU-bound, and took 5 min on a shared machine (load average 18)
test-short: fmt-check
	$(GO) vet $(MODULE_PACKAGES)
	$(GO) test -short -p 4 -vet=off -timeout 10m $(MODULE_PACKAGES)

# a count, not a duration: go1.26's fuzz coordinator can report its own -fuzztime deadline as a failure (golang/go#75804)
FUZZTIME ?= 20000x
## fuzz: short runs of every fuzz target on an external boundary: ingest requests and media sniffing, Avro payloads and DLQ envelopes through the serde, the ledger verifier, the classifier's PII and amount rules on document text
fuzz:
	@set -e; for t in FuzzParseMultipart FuzzParseRaw; do \
	  (cd services/ingest && $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./internal/submit/); \
	done
	cd pkg && $(GO) test -run '^$$' -fuzz '^FuzzMediaType$$' -fuzztime $(FUZZTIME) ./sniff/
	cd pkg && $(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./serde/
	cd pkg && $(GO) test -run '^$$' -fuzz '^FuzzVerifier$$' -fuzztime $(FUZZTIME) ./ledgerchain/
	cd pkg && $(GO) test -run '^$$' -fuzz '^FuzzMatches$$' -fuzztime $(FUZZTIME) ./pii/
	cd pkg && $(GO) test -run '^$$' -fuzz '^FuzzAmounts$$' -fuzztime $(FUZZTIME) ./money/

# unit: every module's tests in two lanes, then the suite's module. The
# runtime module (pkg), whose crash tests mostly wait on brokers (about 0.7
# of a core), runs beside the services' modules, its lines marked [pkg];
# services/docket (end-to-end, chaos and interop, with the services as
# processes) runs last, alone. One module after another, CI took 28 of
# its 30 minutes (2026-12-02).
UNIT_LAST := services/docket
unit:
	@set -o pipefail; \
	gotest() { for m in "$$@"; do echo "== go test $$m"; (cd $$m && $(GO) test -count=1 -timeout 25m ./...) || return 1; done; }; \
	{ gotest pkg 2>&1 | sed -u 's/^/[pkg] /'; } & lane=$$!; \
	gotest $(filter-out pkg $(UNIT_LAST),$(UNIT_MODULES)); services=$$?; \
	wait $$lane; runtime=$$?; \
	if [ $$services -ne 0 ] || [ $$runtime -ne 0 ]; then echo "unit: failed (services $$services, pkg $$runtime)"; exit 1; fi; \
	gotest $(UNIT_LAST)

CHAOS_WORKFLOWS ?= 1000
CHAOS_KILLS ?= 24
COMP_WORKFLOWS ?= 120
## chaos: the failure suite at full size: CHAOS_WORKFLOWS workflows through the six services as processes under SIGKILLs, broker faults, a Redis restart, duplicates and poison records, then the compensation drill with COMP_WORKFLOWS workflows (cancellations and terminal failures at every step, a refused delete, an unreachable LLM, a correction storm); its last lines are the summaries
chaos:
	@set -o pipefail; log=$$(mktemp); \
	cd services/docket && CHAOS_WORKFLOWS=$(CHAOS_WORKFLOWS) CHAOS_KILLS=$(CHAOS_KILLS) COMP_WORKFLOWS=$(COMP_WORKFLOWS) \
	  CHAOS_BROKER=kfake $(GO) test -count=1 -v -timeout 90m -run '^(TestChaos|TestCompensationDrill)$$' ./internal/chaos/ 2>&1 | tee $$log; status=$$?; \
	grep '^chaos: submitted=' $$log | tail -n 1; grep '^chaos: scenario=compensation' $$log | tail -n 1; rm -f $$log; exit $$status

.PHONY: interop interop-deps
## interop: outside clients against the pipeline on the real cluster: the Confluent Python client, kafkajs with @kafkajs/confluent-schema-registry, and Kafka's console consumer, consumer-groups and transactions tools (also run by make test)
interop: interop-deps
	cd services/docket && $(GO) test -count=1 -v -timeout 15m -run '^TestOutsideClients$$' ./internal/interop/
## interop-deps: install the clients the interop test runs (pinned in services/docket/internal/interop/testdata) into ~/.cache/docket/interop; quick when cached
interop-deps:
	bash services/docket/internal/interop/testdata/deps.sh >/dev/null

EVAL_SET ?= reduced
EVAL_OUT ?= build/eval.md
## eval: the reduced evaluation set (20 variants of services/classifier/eval) through the running suite, scans against raw tesseract; prints only the eval line (its report in EVAL_OUT; docs/eval.md says what each figure means)
eval:
	@mkdir -p $(dir $(EVAL_OUT)); log=$$(mktemp); \
	(cd services/docket && DOCKET_EVAL_SET=$(EVAL_SET) DOCKET_EVAL_OUT=$(abspath $(EVAL_OUT)) \
	  $(GO) test -count=1 -v -timeout 40m -run '^TestEval$$' ./internal/eval/) >$$log 2>&1; status=$$?; \
	if [ $$status -ne 0 ]; then cat $$log; fi; grep '^eval: ' $$log; rm -f $$log; exit $$status
## eval-full: every variant of the evaluation set (60), its report into docs/eval.md
eval-full:
	@$(MAKE) --no-print-directory eval EVAL_SET=full EVAL_OUT=docs/eval.md

KAFKA_DIR ?= .kafka
## kafka-fetch: fetch the Apache Kafka version deploy/kafka/pom.xml pins into the user's cache folder (Maven)
kafka-fetch:
	cd pkg && $(GO) run ./kafkacluster/cmd/docket-kafka fetch
## kafka-up: start a real three-node KRaft cluster on loopback in KAFKA_DIR (PLAINTEXT and SASL_SSL listeners; writes KAFKA_DIR/docket.env)
kafka-up:
	cd pkg && $(GO) run ./kafkacluster/cmd/docket-kafka up --dir $(abspath $(KAFKA_DIR))
## kafka-down: stop the cluster kafka-up started
kafka-down:
	cd pkg && $(GO) run ./kafkacluster/cmd/docket-kafka down --dir $(abspath $(KAFKA_DIR))

## chaos-kafka: the failure suite on a real three-node cluster of its own, at full size: service SIGKILLs plus a partition leader and a transaction coordinator killed, a group coordinator paused past the session timeout, a controller failover, a rolling restart and a wiped log directory
chaos-kafka:
	@set -o pipefail; log=$$(mktemp); \
	cd services/docket && CHAOS_BROKER=kafka CHAOS_WORKFLOWS=$(CHAOS_WORKFLOWS) CHAOS_KILLS=$(CHAOS_KILLS) \
	  $(GO) test -count=1 -v -timeout 80m -run '^TestChaos$$' ./internal/chaos/ 2>&1 | tee $$log; status=$$?; \
	grep '^chaos: broker=kafka' $$log | tail -n 1; rm -f $$log; exit $$status

## lint: gofmt, go vet and staticcheck over every module
lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	@set -e; for m in $(MODULES); do (cd $$m && $(GO) vet ./...); done

staticcheck: tools
	@set -e; for m in $(MODULES); do (cd $$m && $(GOBIN)/staticcheck ./...); done

tools:
	@test -x $(GOBIN)/staticcheck || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

## helm: lint and render every chart (default and production values) into build/manifests, then validate them strictly against the typed Kubernetes API (deploy/manifests)
helm: helm-tool
	@set -e; for c in $(CHARTS); do $(HELM) dependency update --skip-refresh charts/$$c >/dev/null; done
	@set -e; mkdir -p build/manifests; for c in $(CHARTS); do \
	  $(HELM) lint --strict charts/$$c; \
	  $(HELM) lint --strict charts/$$c -f charts/docket/values-production.yaml; \
	  $(HELM) template docket charts/$$c --namespace docket > build/manifests/$$c.yaml; \
	  $(HELM) template docket charts/$$c --namespace docket -f charts/docket/values-production.yaml > build/manifests/$$c-production.yaml; \
	done
	cd deploy/manifests && PATH="$(dir $(HELM)):$$PATH" $(GO) test -count=1 ./...

## compose-check: validate deploy/docker-compose.yml with the compose tool (docker compose, else docker-compose)
compose-check:
	@if docker compose version >/dev/null 2>&1; then docker compose -f deploy/docker-compose.yml config -q; \
	elif command -v docker-compose >/dev/null; then docker-compose -f deploy/docker-compose.yml config -q; \
	else echo "compose-check: no compose tool installed (apt-get install docker-compose)"; exit 1; fi
	@echo "compose-check: deploy/docker-compose.yml is valid"

## helm-tool: install helm when it is missing (builds in about 4 minutes)
helm-tool:
	@test -x "$(HELM)" || { echo "installing helm $(HELM_VERSION)"; GOFLAGS= $(GO) install helm.sh/helm/v3/cmd/helm@$(HELM_VERSION); }

## schemas: regenerate the Go event types and the catalog table from schemas/ (the schema texts themselves are embedded from schemas/, module github.com/docket-run/docket/schemas)
schemas:
	cd pkg && $(GO) run ./events/internal/gen -schemas ../schemas -out ./events

## schemas-check: fail when the generated code is stale
schemas-check:
	cd pkg && $(GO) run ./events/internal/gen -schemas ../schemas -out ./events
	@git diff --exit-code -- pkg/events || (echo "generated event code is stale: run make schemas and commit"; exit 1)

## verify: prove the embedded stack's ledger (chain and signatures) from the topic alone; the stack of `make run` with the same DATA, KAFKA_PORT, REGISTRY_PORT and PORT_OFFSET
verify:
	cd services/docket && $(GO) run ./cmd/docket ledger verify --brokers $(VERIFY_KAFKA) --registry http://$(VERIFY_REGISTRY) --public-keys $(abspath $(DATA))/ledger/ledger.pub

# the embedded Kafka's and registry's addresses as `make run` sets them
VERIFY_KAFKA = 127.0.0.1:$(or $(KAFKA_PORT),$(shell echo $$((9092 + $(or $(PORT_OFFSET),0)))))
VERIFY_REGISTRY = 127.0.0.1:$(or $(REGISTRY_PORT),$(shell echo $$((8081 + $(or $(PORT_OFFSET),0)))))

## model: retrain the built-in classifier from its committed corpus and field documents (reproducible)
model:
	cd services/classifier && $(GO) run ./cmd/train -corpus corpus -field field -unseen internal/classify/testdata/unseen -dev internal/classify/testdata/dev -out model/model.json -metrics model/metrics.json

## proto: regenerate the gRPC code committed beside proto/**/*.proto (protoc 3.21 with its well-known types — Debian: protobuf-compiler libprotobuf-dev —, protoc-gen-go v1.36.12, protoc-gen-go-grpc v1.6.1)
proto:
	cd proto && protoc -I . --go_out=. --go_opt=paths=source_relative --go-grpc_out=. --go-grpc_opt=paths=source_relative $$(find docket -name '*.proto' | sort)

## proto-check: fail when the generated gRPC code is stale (needs protoc and the plugins above)
proto-check: proto
	@git diff --exit-code -- proto || (echo "generated gRPC code is stale: run make proto and commit"; exit 1)

BENCH_LOG := build/bench
## bench: runtime vs a bare franz-go loop, long steps (fairness across tenants; longest open transaction and short-document latency beside long ones), idempotency store, classifier, OCR vs the tesseract CLI, tracker projection and GetWorkflow p99, then the whole pipeline (raw chain, the reference pipeline of issue 18 and Docket as processes, with the bench cost lines and pprof files under docs/bench/profiles) on kfake and on a real 3-node Kafka cluster (needs Java and make kafka-fetch; DOCKET_BENCH_BROKERS=kfake for kfake alone), real engines on kfake, into docs/bench (sizes: DOCKET_BENCH_* in services/docket/internal/bench)
bench:
	@mkdir -p $(BENCH_LOG)
	set -o pipefail; cd pkg && $(GO) test -run '^$$' -bench . -benchmem ./idempotency/ | tee $(abspath $(BENCH_LOG))/idempotency.txt
	set -o pipefail; cd pkg && $(GO) test -run '^$$' -bench BenchmarkVerifierAdd -benchtime 3000x ./ledgerchain/ | tee $(abspath $(BENCH_LOG))/ledgerchain.txt
	set -o pipefail; cd pkg && $(GO) test -run '^$$' -bench 'BenchmarkRuntime|BenchmarkFairness|BenchmarkLongStep|BenchmarkBatchCap' -benchtime 1x -timeout 20m ./bus/ | tee $(abspath $(BENCH_LOG))/runtime.txt
	set -o pipefail; cd services/classifier && $(GO) test -run '^$$' -bench BenchmarkClassifier -benchtime 1x ./internal/classify/ | tee $(abspath $(BENCH_LOG))/classifier.txt
	set -o pipefail; cd services/ocr && $(GO) test -run '^$$' -bench BenchmarkOCR -benchtime 10x ./internal/extract/ | tee $(abspath $(BENCH_LOG))/ocr.txt
	set -o pipefail; cd services/sagatracker && $(GO) test -run '^$$' -bench BenchmarkTracker -benchtime 1x -timeout 10m ./internal/server/ | tee $(abspath $(BENCH_LOG))/tracker.txt
	cd services/docket && DOCKET_BENCH_OUT=$(abspath docs/bench) DOCKET_BENCH_INPUTS=$(abspath $(BENCH_LOG)) \
	  $(GO) test -run '^$$' -bench BenchmarkPipeline -benchtime 1x -timeout 60m ./internal/bench/

clean:
	rm -rf $(DATA)
