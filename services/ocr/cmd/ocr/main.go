// Command ocr runs Docket's text extraction service.
package main

import (
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/ocr"
)

func main() { service.Main(ocr.Spec()) }
