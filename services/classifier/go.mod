module github.com/docket-run/docket/services/classifier

go 1.26.8

require github.com/docket-run/docket/pkg v0.0.0

require github.com/caarlos0/env/v11 v11.4.2 // indirect

replace github.com/docket-run/docket/pkg => ../../pkg
