package interop

import (
	"testing"

	"github.com/docket-run/docket/pkg/dockettest"
)

// The real Kafka cluster the tests share is stopped when they end.
func TestMain(m *testing.M) { dockettest.Main(m) }
