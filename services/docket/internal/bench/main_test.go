package bench

import (
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

// TestMain stops the real cluster BenchmarkPipeline shares, if it started
// one.
func TestMain(m *testing.M) { dockettest.Main(m) }
