module github.com/docket-run/docket/services/ingest

go 1.26.8

require github.com/docket-run/docket/pkg v0.0.0

require (
	github.com/caarlos0/env/v11 v11.4.2 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/redis/go-redis/v9 v9.23.0 // indirect
	github.com/twmb/franz-go v1.22.3 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/time v0.16.0 // indirect
)

replace github.com/docket-run/docket/pkg => ../../pkg
