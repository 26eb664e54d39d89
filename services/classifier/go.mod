module github.com/docket-run/docket/services/classifier

go 1.26.8

require github.com/docket-run/docket/pkg v0.0.0

replace github.com/docket-run/docket/pkg => ../../pkg
