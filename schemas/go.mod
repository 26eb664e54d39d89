module github.com/docket-run/docket/schemas

go 1.26.8
