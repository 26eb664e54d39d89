# Docket — make run · make test · make lint · make bench · make proto · make schemas
SHELL := /bin/bash
GO ?= go
GOBIN := $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.8.2
MODULES := pkg $(wildcard services/*)
DATA ?= ./data

.PHONY: run test fuzz verify unit lint vet fmt-check staticcheck bench schemas schemas-check proto model tools clean

## run: start the embedded stack and every service in one process
run:
	cd services/docket && $(GO) run ./cmd/docket run --data $(abspath $(DATA))

## test: lint, check generated code, run every test (crash and end-to-end tests included), short fuzz runs
test: lint schemas-check unit fuzz

FUZZTIME ?= 5s
## fuzz: short runs of every fuzz target on an external boundary (seed corpora in testdata/fuzz)
fuzz:
	@set -e; for t in FuzzParseMultipart FuzzParseRaw FuzzSniff; do \
	  (cd services/ingest && $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./internal/submit/); \
	done

unit:
	@set -e; for m in $(MODULES); do \
	  echo "== go test $$m"; \
	  (cd $$m && $(GO) test -count=1 -timeout 15m ./...); \
	done

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

## schemas: regenerate the Go event types from schemas/
schemas:
	cd pkg && $(GO) run ./events/internal/gen -schemas ../schemas -out ./events

## schemas-check: fail when the generated code is stale
schemas-check:
	cd pkg && $(GO) run ./events/internal/gen -schemas ../schemas -out ./events
	@git diff --exit-code -- pkg/events || (echo "generated event code is stale: run make schemas and commit"; exit 1)

## verify: prove the embedded stack's ledger (chain and signatures) from the topic alone
verify:
	cd services/docket && $(GO) run ./cmd/docket ledger verify --public-keys $(abspath $(DATA))/ledger/ledger.pub

## model: retrain the built-in classifier from its committed corpus (reproducible)
model:
	cd services/classifier && $(GO) run ./cmd/train -corpus corpus -out model/model.json -metrics model/metrics.json

## proto: regenerate gRPC code from proto/ (none yet: the tracker API arrives with the saga tracker)
proto:
	@if ls proto/*.proto >/dev/null 2>&1; then \
	  protoc -I proto --go_out=proto --go_opt=paths=source_relative --go-grpc_out=proto --go-grpc_opt=paths=source_relative proto/*.proto; \
	else echo "proto: no .proto files yet"; fi

## bench: runtime vs a bare franz-go loop, idempotency store, classifier, OCR vs the tesseract CLI
bench:
	cd pkg && $(GO) test -run '^$$' -bench . -benchmem ./idempotency/
	cd pkg && $(GO) test -run '^$$' -bench BenchmarkRuntime -benchtime 1x -timeout 20m ./bus/
	cd services/classifier && $(GO) test -run '^$$' -bench BenchmarkClassifier -benchtime 1x ./internal/classify/
	cd services/ocr && $(GO) test -run '^$$' -bench BenchmarkOCR -benchtime 10x ./internal/extract/

clean:
	rm -rf $(DATA)
