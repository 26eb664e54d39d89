module github.com/docket-run/docket/services/ocr

go 1.26.8

require github.com/docket-run/docket/pkg v0.0.0

require (
	github.com/caarlos0/env/v11 v11.4.2 // indirect
	github.com/go-pdf/fpdf v0.9.0 // indirect
	golang.org/x/image v0.48.0 // indirect
)

replace github.com/docket-run/docket/pkg => ../../pkg
