// Command classifier runs the classifier service.
package main

import (
	"github.com/docket-run/docket/pkg/service"
	"github.com/docket-run/docket/services/classifier"
)

func main() { service.Main(classifier.Spec()) }
